/**
 * Self-hosted web fonts (ADR 24): every template's page declares, with `font-display: swap`,
 * the faces its text is set in and no other, names them on its own origin (never a font service),
 * and preloads one file at most.
 */
import { templateIds, type PortfolioContent } from '@folio/core';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { FONT_PATH, fontFiles } from './fonts.ts';
import { render } from './render.ts';
import { sampleContent } from './sample-content.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function page(content: PortfolioContent, template: (typeof templateIds)[number]) {
  const doc = new JSDOM(
    render(content, { template, siteUrl: 'https://jane.example/', contactFormAction: '/x' }).html,
  ).window.document;
  const css = [...doc.querySelectorAll('style')].map((s) => s.textContent).join('\n');
  // The page's own custom properties: the last :root rule (the print styles have one too).
  const root = [...css.matchAll(/:root\{(--bg:[^}]*)\}/g)].at(-1)?.[1] ?? '';
  const stack = (name: string) => new RegExp(`${name}:"([^"]+)"`).exec(root)?.[1];
  const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => {
    const rule = m[1]!;
    return {
      family: /font-family:"([^"]+)"/.exec(rule)?.[1],
      display: /font-display:([\w-]+)/.exec(rule)?.[1],
      src: /src:url\(([^)]*)\)/.exec(rule)?.[1] ?? '',
      range: /unicode-range:([^;]+)/.exec(rule)?.[1],
    };
  });
  // Text is set in the mono face where the page has an element drawn in it.
  const monoUsed = Boolean(
    doc.querySelector('.hero-intro, .section-intro, .window-bar') ??
    /var\(--font-mono\)/.test(
      css.replace(/\.hero-intro,\.section-intro\{[^}]*\}|\.window-bar\{[^}]*\}/g, ''),
    ),
  );
  return {
    doc,
    css,
    faces,
    body: stack('--font'),
    head: stack('--font-head'),
    mono: stack('--font-mono'),
    monoUsed,
  };
}

describe.each(templateIds)('template %s', (template) => {
  const p = page(sampleContent, template);

  it('declares the faces its text is set in, each with font-display: swap', () => {
    const used = new Set([p.body, p.head, ...(p.monoUsed ? [p.mono] : [])]);
    expect(p.body).toBeTruthy();
    expect(new Set(p.faces.map((f) => f.family))).toEqual(used);
    for (const face of p.faces) {
      expect(face.display, face.family).toBe('swap');
      expect(face.range, face.family).toBeTruthy();
    }
    // Latin and Latin Extended for each face: a name like 'Boğaziçi' is drawn in it too.
    expect(p.faces).toHaveLength(used.size * 2);
  });

  it('names its font files on its own origin, and only files that are served', () => {
    for (const face of p.faces) {
      expect(face.src.startsWith(FONT_PATH), face.src).toBe(true);
      expect(fontFiles.has(face.src.slice(FONT_PATH.length)), face.src).toBe(true);
    }
    expect(p.css).not.toMatch(/@import|url\(\s*['"]?(?:[a-z]+:)?\/\//i);
    for (const link of p.doc.querySelectorAll('link[href]')) {
      expect(link.getAttribute('href'), link.outerHTML).not.toMatch(
        /^(?:[a-z]+:)?\/\/(?!jane\.example\/)/i,
      );
    }
  });

  it("preloads one font file: the body face's Latin file", () => {
    const preloads = [...p.doc.querySelectorAll('link[rel="preload"]')];
    expect(preloads).toHaveLength(1);
    const link = preloads[0]!;
    expect(link.getAttribute('as')).toBe('font');
    expect(link.getAttribute('type')).toBe('font/woff2');
    expect(link.hasAttribute('crossorigin')).toBe(true);
    const bodyLatin = p.faces.find((f) => f.family === p.body && f.range?.startsWith('U+0000'));
    expect(link.getAttribute('href')).toBe(bodyLatin?.src);
  });
});

it("a user's font choice replaces the template's faces, headings included", () => {
  const c = clone(sampleContent);
  c.styles.global.fontFamily = 'Serif';
  const p = page(c, 'splitscreen');
  expect([p.body, p.head]).toEqual(['Lora', 'Lora']);
  expect(new Set(p.faces.map((f) => f.family))).toEqual(new Set(['Lora']));
  const own = page(sampleContent, 'splitscreen');
  expect([own.body, own.head]).toEqual(['Figtree', 'Instrument Serif']);
});
