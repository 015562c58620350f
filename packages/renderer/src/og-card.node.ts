/**
 * Link-preview images (Open Graph / Twitter `summary_large_image`): a 1200×630 PNG card drawn
 * without a browser. Text is set in the self-hosted faces (fonts.ts): each woff2 file is
 * decompressed once per process (wawoff2), laid out with fontkit at the weight asked (variable
 * fonts), and drawn as SVG paths, so the picture does not depend on the fonts a machine has;
 * sharp (libvips) rasterises the SVG. Node only.
 *
 * Sites get a card in their template's palette and heading face with the owner's name and title
 * (`siteCardPng`, made when publishing); the app's own pages get one at build time (apps/web).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { PortfolioContent, TemplateId } from '@folio/core';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import wawoff2 from 'wawoff2';
import { choiceTypefaces, typefaces, type FontChoice, type TypefaceId } from './fonts.ts';
import { templateDefinitions } from './templates/index.ts';

const require = createRequire(import.meta.url);

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The TrueType bytes of each face's files (Latin first), decompressed once per process. */
const faceFonts = new Map<TypefaceId, Promise<fontkit.Font[]>>();
/** wawoff2 shares one output buffer: one decompression at a time. */
let decompressing: Promise<unknown> = Promise.resolve();
function fontsOf(face: TypefaceId): Promise<fontkit.Font[]> {
  let fonts = faceFonts.get(face);
  if (!fonts) {
    const loaded = decompressing.then(async () => {
      const out: fontkit.Font[] = [];
      for (const f of typefaces[face].files) {
        const ttf = await wawoff2.decompress(readFileSync(require.resolve(f.source)));
        out.push(fontkit.create(Buffer.from(ttf)));
      }
      return out;
    });
    decompressing = loaded.catch(() => undefined);
    fonts = loaded;
    faceFonts.set(face, fonts);
  }
  return fonts;
}

/** Each file of a face at one weight (variable faces; a static face stays as it is). */
const weighted = new Map<string, fontkit.Font[]>();
async function faceAt(face: TypefaceId, weight: number): Promise<fontkit.Font[]> {
  const key = `${face}:${weight}`;
  let fonts = weighted.get(key);
  if (!fonts) {
    fonts = (await fontsOf(face)).map((f) =>
      f.variationAxes.wght ? f.getVariation({ wght: weight }) : f,
    );
    weighted.set(key, fonts);
  }
  return fonts;
}

/** A line of text laid out: its outline as SVG path data at (0, 0) baseline, and its width. */
interface Line {
  d: string;
  width: number;
}

/**
 * Lays out `text` at `size` px: each character in the first file of the face that has it (Latin,
 * then Latin Extended), kerned within a run of one file; characters no file has are left out.
 */
function runsOf(fonts: fontkit.Font[], text: string) {
  const runs: { font: fontkit.Font; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const font = fonts.find((f) => f.hasGlyphForCodePoint(cp));
    if (!font) continue;
    const last = runs.at(-1);
    if (last?.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

/** The width of `text` at `size` px (advances only: no outlines are made). */
function measure(fonts: fontkit.Font[], text: string, size: number): number {
  let width = 0;
  for (const run of runsOf(fonts, text)) {
    const scale = size / run.font.unitsPerEm;
    for (const pos of run.font.layout(run.text).positions) width += pos.xAdvance * scale;
  }
  return width;
}

function layout(fonts: fontkit.Font[], text: string, size: number): Line {
  let d = '';
  let pen = 0;
  for (const run of runsOf(fonts, text)) {
    const scale = size / run.font.unitsPerEm;
    const glyphs = run.font.layout(run.text);
    glyphs.glyphs.forEach((g, i) => {
      const pos = glyphs.positions[i]!;
      const path = g.path
        .scale(scale, -scale)
        .translate(pen + pos.xOffset * scale, -pos.yOffset * scale);
      d += path.toSVG();
      pen += pos.xAdvance * scale;
    });
  }
  return { d, width: pen };
}

/**
 * Breaks `text` into at most `maxLines` lines no wider than `width` at `size` px; the last line
 * is cut with an ellipsis when the text does not fit.
 */
function wrap(
  fonts: fontkit.Font[],
  text: string,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || measure(fonts, candidate, size) <= width) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] += ' …';
  }
  return lines.map((line) => {
    if (measure(fonts, line, size) <= width) return line;
    let cut = line;
    while (cut.length > 1 && measure(fonts, `${cut}…`, size) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  });
}

export interface TextBlock {
  text: string;
  face: TypefaceId;
  weight: number;
  /** Largest size in px; a long text is set smaller, down to `minSize`, before it wraps. */
  size: number;
  minSize?: number;
  maxLines: number;
  color: string;
  opacity?: number;
  /** Space above the block, px. */
  gap?: number;
  lineHeight?: number;
}

export interface Card {
  background: string;
  /** SVG drawn over the background, before the text (decoration in the card's look). */
  decoration?: string;
  /** Left edge and width of the text column. */
  x: number;
  width: number;
  /** Blocks set top to bottom, the whole column centred vertically between `top` and `bottom`. */
  blocks: TextBlock[];
  top?: number;
  bottom?: number;
  /** SVG drawn last (a rule, a badge). */
  overlay?: string;
  /** One line at the foot of the column (baseline `y`), cut to fit. */
  footer?: Omit<TextBlock, 'maxLines' | 'gap' | 'lineHeight' | 'minSize'> & { y: number };
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The card as SVG, every text as outlines (no fonts needed to draw it). */
export async function cardSvg(card: Card): Promise<string> {
  const set: { lines: Line[]; block: TextBlock; size: number; lineHeight: number }[] = [];
  for (const block of card.blocks) {
    const text = block.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const fonts = await faceAt(block.face, block.weight);
    let size = block.size;
    const min = block.minSize ?? block.size;
    // Shrink a one-line text until it fits; then wrap at the smallest size.
    while (size > min && measure(fonts, text, size) > card.width) size -= 4;
    const lines = wrap(fonts, text, size, card.width, block.maxLines).map((l) =>
      layout(fonts, l, size),
    );
    set.push({ lines, block, size, lineHeight: Math.round(size * (block.lineHeight ?? 1.15)) });
  }
  const top = card.top ?? 0;
  const bottom = card.bottom ?? CARD_HEIGHT;
  const height = set.reduce(
    (h, s, i) => h + (i ? (s.block.gap ?? 0) : 0) + s.lines.length * s.lineHeight,
    0,
  );
  let y = top + Math.max(0, (bottom - top - height) / 2);
  let paths = '';
  set.forEach((s, i) => {
    if (i) y += s.block.gap ?? 0;
    for (const line of s.lines) {
      // Baseline at about 80% of the line box.
      const baseline = y + s.lineHeight * 0.5 + s.size * 0.35;
      paths += `<path transform="translate(${card.x} ${baseline.toFixed(1)})" d="${line.d}" fill="${attr(s.block.color)}"${s.block.opacity !== undefined ? ` fill-opacity="${s.block.opacity}"` : ''}/>`;
      y += s.lineHeight;
    }
  });
  if (card.footer?.text.trim()) {
    const f = card.footer;
    const fonts = await faceAt(f.face, f.weight);
    const [text] = wrap(fonts, f.text.trim(), f.size, card.width, 1);
    const line = layout(fonts, text ?? '', f.size);
    paths += `<path transform="translate(${card.x} ${f.y})" d="${line.d}" fill="${attr(f.color)}"${f.opacity !== undefined ? ` fill-opacity="${f.opacity}"` : ''}/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${attr(card.background)}"/>${card.decoration ?? ''}${paths}${card.overlay ?? ''}</svg>`;
}

/** Rasterises a card SVG to a 1200×630 PNG. */
export function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

export async function cardPng(card: Card): Promise<Buffer> {
  return svgToPng(await cardSvg(card));
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function fontChoice(value: unknown): FontChoice | null {
  const v = str(value).toLowerCase().replace(/[\s-]/g, '');
  if (v === 'sansserif' || v === 'sans') return 'Sans Serif';
  if (v === 'serif') return 'Serif';
  if (v === 'monospace' || v === 'mono') return 'Monospace';
  return null;
}

export interface SiteCardInput {
  content: unknown;
  template: TemplateId;
  /** The site's address as shown on the card, e.g. `jane.folio.page`. */
  address?: string;
}

/**
 * A published site's card: its template's colours and heading face (or the font the owner chose),
 * the name large, the title under it, the address at the foot.
 */
export function siteCard({ content, template, address }: SiteCardInput): Card {
  const t = templateDefinitions[template];
  const c = (content ?? {}) as PortfolioContent;
  const contact = (c.data?.contact ?? {}) as Record<string, unknown>;
  const chosen = fontChoice(c.styles?.global?.fontFamily);
  const head: TypefaceId = chosen
    ? choiceTypefaces[chosen]
    : (t.displayFont ?? choiceTypefaces[t.headingFont ?? t.font]);
  const body: TypefaceId = choiceTypefaces[chosen ?? t.font];
  const name = str(contact.name) || str(c.settings?.metaTitle) || 'Portfolio';
  const title = str(contact.title);
  const p = t.palette;
  // Instrument Serif has one weight; variable faces are set bold.
  const headWeight = head === 'instrument-serif' ? 400 : 750;
  return {
    background: p.bg,
    decoration: `<rect x="0" y="0" width="${CARD_WIDTH}" height="14" fill="${attr(p.accent)}"/><circle cx="1090" cy="110" r="230" fill="${attr(p.accent)}" fill-opacity=".10"/><circle cx="1140" cy="560" r="150" fill="${attr(p.accent)}" fill-opacity=".07"/><rect x="96" y="150" width="88" height="10" rx="5" fill="${attr(p.accent)}"/>`,
    x: 96,
    width: 1008,
    top: 170,
    bottom: 520,
    blocks: [
      {
        text: name,
        face: head,
        weight: headWeight,
        size: head === 'instrument-serif' ? 128 : 112,
        minSize: 72,
        maxLines: 2,
        color: p.text,
        lineHeight: 1.1,
      },
      {
        text: title,
        face: body,
        weight: 500,
        size: 48,
        minSize: 36,
        maxLines: 2,
        color: p.accent,
        gap: 28,
        lineHeight: 1.25,
      },
    ],
    overlay: address
      ? `<rect x="96" y="548" width="1008" height="2" fill="${attr(p.muted)}" fill-opacity=".35"/>`
      : '',
    ...(address
      ? { footer: { text: address, face: body, weight: 500, size: 30, color: p.muted, y: 598 } }
      : {}),
  };
}

/** A published site's card as a PNG (made once, when publishing). */
export function siteCardPng(input: SiteCardInput): Promise<Buffer> {
  return cardPng(siteCard(input));
}
