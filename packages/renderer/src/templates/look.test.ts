/**
 * What the redesigned templates promise, where the fact is in their markup and CSS (the browser
 * test e2e/template-looks.spec.ts checks what a reader sees with real resumes).
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../color.ts';
import { render } from '../render.ts';
import { sampleContent } from '../sample-content.ts';
import { cardflip } from './cardflip.ts';
import { modular } from './modular.ts';
import { neumorphic } from './neumorphic.ts';
import { spaceAdventures } from './space-adventures.ts';

/** The innermost rules of a minified stylesheet (those inside @media included). */
function rules(css: string): { selector: string; body: string }[] {
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
    selector: m[1]!.trim(),
    body: m[2]!,
  }));
}

/** The value of a custom property set on :root in a template's CSS. */
function rootVar(css: string, name: string): string {
  const root = rules(css).find((r) => r.selector === ':root')?.body ?? '';
  return new RegExp(`${name}:([^;]+)`).exec(root)?.[1] ?? '';
}

const firstHex = (value: string) => /#[0-9a-f]{6}\b/i.exec(value)?.[0] ?? '';

describe('Card Flip', () => {
  it('shows every entry detail without a click: no flip script, no hidden face', () => {
    expect(cardflip.script).toBeUndefined();
    const hides =
      /display:none|visibility:hidden|backface-visibility:hidden|rotateY\(180deg\)|opacity:0\b/;
    // Every rule about an entry, but the separator dot between its dates and place.
    const entryRules = rules(cardflip.css).filter(
      (r) => /\.entry|\.bullets/.test(r.selector) && !r.selector.endsWith('.sep'),
    );
    expect(entryRules.length).toBeGreaterThan(0);
    for (const rule of entryRules) expect(rule.body, rule.selector).not.toMatch(hides);

    const html = render(sampleContent, { template: 'cardflip' }).html;
    const win = new JSDOM(html, { runScripts: 'dangerously' }).window;
    const doc = win.document;
    expect(doc.querySelectorAll('button, .flip-toggle, .flipped')).toHaveLength(0);
    const bullets = [...doc.querySelectorAll('.entry .bullets li')];
    expect(bullets.map((li) => li.textContent.trim())).toContain(
      'Cut dashboard load time from 4.1 s to 1.3 s by moving reports to streamed server rendering.',
    );
    for (const li of bullets) expect(li.closest('[hidden], [aria-hidden="true"]')).toBeNull();
    win.close();
  });

  it('sizes cards to their content: entries start at the top of their row', () => {
    const entries = rules(cardflip.css).find((r) => r.selector === '.entries')?.body ?? '';
    expect(entries).toContain('align-items:start');
    expect(cardflip.css).not.toMatch(/min-height|height:100%/);
  });
});

describe('Space Adventures', () => {
  it('glows the name in the theme colour, not a fixed blue', () => {
    const name = rules(spaceAdventures.css).find(
      (r) => r.selector === '.name' && r.body.includes('text-shadow'),
    );
    expect(name?.body).toMatch(/text-shadow:[^;]*var\(--theme,#ffb454\)/);
    expect(spaceAdventures.css).not.toMatch(/rgba\(120,\s*140,\s*255/);
  });
});

describe('Neumorphic', () => {
  const p = neumorphic.palette;
  const well = firstHex(rootVar(neumorphic.css, '--well'));

  it('draws text crisply: 7:1 for text, muted text and links on the page and in pressed wells', () => {
    expect(well).not.toBe('');
    for (const bg of [p.bg, p.surface, well]) {
      for (const [fg, what] of [
        [p.text, 'text'],
        [p.muted, 'muted text'],
        [p.accent, 'links'],
      ] as const) {
        const ratio = contrastRatio(fg, bg)!;
        expect(ratio, `${what} ${fg} on ${bg}: ${ratio.toFixed(2)}`).toBeGreaterThanOrEqual(7);
      }
    }
  });

  it('gives form fields an edge with 3:1 against the page (not a shadow alone)', () => {
    const field = rules(neumorphic.css).find((r) => r.selector === '.field input,.field textarea');
    const border = /border:([^;]+)/.exec(field?.body ?? '')?.[1] ?? '';
    expect(border).toMatch(/^\d+(?:\.\d+)?px solid var\(--edge\)$/);
    const edge = firstHex(rootVar(neumorphic.css, '--edge'));
    for (const bg of [p.bg, well]) expect(contrastRatio(edge, bg)!).toBeGreaterThanOrEqual(3);
  });
});

describe('Modular', () => {
  it('never stretches a card across rows: no span, so each card sizes to its row', () => {
    expect(modular.css).not.toMatch(/grid-row|span\s*\d/);
    const skills = rules(modular.css).filter((r) => r.selector.includes('.s-skills'));
    for (const rule of skills) expect(rule.body).not.toMatch(/grid-row|height/);
  });
});
