/**
 * Layouts made in page editors rather than word processors: a Google Docs resume whose right
 * column (about a third of the page) holds contact, skills and education beside the main column,
 * and a Canva-like page of text boxes set at fixed positions over a coloured side panel, written in
 * an order that is not the reading order. Both mark their layout truth (layout-truth.ts).
 */
import type { SectionKey } from './bank/languages.ts';
import { esc, renderHtml, renderName, renderSection, type HtmlStyle } from './html.ts';
import type { Persona } from './persona.ts';
import type { Rng } from './rng.ts';

/** The style sheet renderHtml writes for this style (section, heading and entry rules). */
const cssOf = (p: Persona, s: HtmlStyle): string =>
  /<style>([\s\S]*)<\/style>/.exec(renderHtml(p, s))?.[1] ?? '';

const page = (p: Persona, css: string, body: string): string =>
  `<!DOCTYPE html><html lang="${p.lang}"><head><meta charset="utf-8"><title>${esc(p.name)}</title><style>${css}</style></head><body>${body}</body></html>`;

const sections = (keys: readonly SectionKey[], p: Persona, s: HtmlStyle, side: boolean) =>
  keys.map((k) => renderSection(k, p, s, side)).join('');

/**
 * Google Docs: a borderless two-cell layout, the name and the main sections on the left, a
 * narrower right column of contact details and short sections starting at the top of the page.
 */
export function renderDocsRightSidebar(
  p: Persona,
  s: HtmlStyle,
  main: readonly SectionKey[],
  side: readonly SectionKey[],
  sideShare: number,
): string {
  const headline = p.title ? `<div class="headline">${esc(p.title)}</div>` : '';
  const css = `${cssOf(p, s)}
.docs{display:grid;grid-template-columns:1fr ${Math.round(sideShare * 100)}%;column-gap:26px}
.docs .side h2.h{font-size:0.95em}
.docs .side{font-size:0.95em}
.docs header{margin-bottom:10px}`;
  const body = `<div class="docs"><div class="main" data-flow="main"><header class="left" data-block>${renderName(p, s)}${headline}</header>${sections(main, p, s, false)}</div><div class="side" data-flow="side">${sections(side, p, s, true)}</div></div>`;
  return page(p, css, body);
}

/** The page of a Canva-like layout, in CSS pixels (A4 at 96 dpi). */
const PAGE_W = 794;
const PAGE_H = 1123;

/**
 * Canva: every section a text box set at a fixed place on the page (`position:absolute`), boxes
 * written in shuffled order, a coloured panel down one side with its own boxes. The page stacks
 * each column's boxes in reading order once their heights are known (a script run before
 * printing), so no box overlaps another whatever the persona's length; the page grows when the
 * boxes need more than one sheet.
 */
export function renderCanvaBoxes(
  p: Persona,
  s: HtmlStyle,
  rng: Rng,
  main: readonly SectionKey[],
  side: readonly SectionKey[],
  o: { panel: 'left' | 'right'; fill: string; nameOnPanel: boolean },
): string {
  const panelW = Math.round(PAGE_W * rng.pick([0.32, 0.34, 0.36]));
  const pad = 26;
  const panelX = o.panel === 'left' ? 0 : PAGE_W - panelW;
  const mainX = o.panel === 'left' ? panelW + pad : pad;
  const mainW = PAGE_W - panelW - 2 * pad;
  const headline = p.title ? `<div class="headline">${esc(p.title)}</div>` : '';
  interface Box {
    flow: 'main' | 'side';
    html: string;
  }
  const boxes: Box[] = [];
  const name: Box = {
    flow: o.nameOnPanel ? 'side' : 'main',
    html: `<header class="left">${renderName(p, s)}${headline}</header>`,
  };
  boxes.push(name);
  for (const k of side) {
    const html = renderSection(k, p, s, true);
    if (html) boxes.push({ flow: 'side', html });
  }
  for (const k of main) {
    const html = renderSection(k, p, s, false);
    if (html) boxes.push({ flow: 'main', html });
  }
  // the truth: each box one block, read in the order built above; the page lists them shuffled
  const marked = boxes.map((b, order) => {
    const x = b.flow === 'side' ? panelX + pad - 6 : mainX;
    const w = b.flow === 'side' ? panelW - 2 * (pad - 6) : mainW;
    const inner = b.html.replace(/^<section data-block>|<\/section>$/g, '');
    return `<div class="box ${b.flow}" data-block data-flow="${b.flow}" data-order="${order}" style="left:${x}px;width:${w}px">${inner}</div>`;
  });
  const shuffled = [...marked];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const css = `${cssOf(p, s)}
@page{size:A4;margin:0}
body{margin:0}
.canvas{position:relative;width:${PAGE_W}px;height:${PAGE_H}px;overflow:visible}
.panel{position:absolute;top:0;bottom:0;left:${panelX}px;width:${panelW}px;background:${o.fill}}
.box{position:absolute;top:0}
.box.side h1.name{font-size:1.7em;white-space:normal}
.box h2.h{margin-top:0}`;
  const stack = `<script>(() => {
  const canvas = document.querySelector('.canvas');
  let bottom = 0;
  for (const flow of ['side', 'main']) {
    const list = [...document.querySelectorAll('.box.' + flow)].sort((a, b) => a.dataset.order - b.dataset.order);
    let y = ${pad + 8};
    for (const el of list) { el.style.top = y + 'px'; y += el.offsetHeight + ${rng.pick([14, 18, 22])}; }
    bottom = Math.max(bottom, y);
  }
  const sheets = Math.ceil((bottom + ${pad}) / ${PAGE_H});
  canvas.style.height = sheets * ${PAGE_H} + 'px';
})();</script>`;
  return page(
    p,
    css,
    `<div class="canvas"><div class="panel"></div>${shuffled.join('')}</div>${stack}`,
  );
}
