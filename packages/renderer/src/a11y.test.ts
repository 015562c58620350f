import { templateIds } from '@folio/core';
import axe from 'axe-core';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './color.ts';
import { render } from './render.ts';
import { sampleContent } from './sample-content.ts';
import { templateDefinitions } from './templates/index.ts';
import { fixtures } from './test-fixtures.ts';

interface AxeWindow {
  axe: typeof axe;
}

async function axeViolations(html: string): Promise<string[]> {
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
  dom.window.eval(axe.source);
  const result = await (dom.window as unknown as AxeWindow).axe.run(dom.window.document, {
    // jsdom does no layout: contrast is checked on each palette below instead.
    rules: { 'color-contrast': { enabled: false } },
  });
  dom.window.close();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

const options = { siteUrl: 'https://jane.example/', contactFormAction: '/api/sites/jane/contact' };

describe('axe finds no accessibility violations', () => {
  it('would catch a violation (sanity check)', async () => {
    const bad =
      '<!doctype html><html><head><title>x</title></head><body><img src="/a.png"></body></html>';
    expect((await axeViolations(bad)).join()).toMatch(/image-alt/);
  });

  for (const template of templateIds) {
    for (const name of ['full', 'hostile', 'unicode'] as const) {
      it(`${template} with ${name} content`, async () => {
        const html = render(fixtures[name], { template, ...options }).html;
        expect(await axeViolations(html)).toEqual([]);
      });
    }
  }
});

describe('default colours meet WCAG AA (4.5:1 for text)', () => {
  for (const template of templateIds) {
    it(template, () => {
      const p = templateDefinitions[template].palette;
      const pairs: [string, string, string][] = [
        [p.text, p.bg, 'text on page'],
        [p.muted, p.bg, 'muted text on page'],
        [p.accent, p.bg, 'links on page'],
        [p.text, p.surface, 'text on cards'],
        [p.muted, p.surface, 'muted text on cards'],
        [p.accent, p.surface, 'links on cards'],
        [p.accentText, p.accent, 'button text'],
        [p.chipText, p.chipBg, 'tags'],
        ...(templateDefinitions[template].contrastPairs ?? []).map(
          ([fg, bg, what]) => [fg, bg, what] as [string, string, string],
        ),
      ];
      for (const [fg, bg, what] of pairs) {
        const ratio = contrastRatio(fg, bg);
        expect(ratio, `${what}: ${fg} on ${bg}`).not.toBeNull();
        expect(ratio!, `${what}: ${fg} on ${bg} is ${ratio?.toFixed(2)}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      // Form fields and focus rings need 3:1 against the page (WCAG 1.4.11).
      expect(contrastRatio(p.accent, p.bg)!).toBeGreaterThanOrEqual(3);
    });
  }
});

describe('focus and motion', () => {
  it.each(templateIds)('%s has visible focus, reduced motion and print styles', (template) => {
    const css = new JSDOM(render(sampleContent, { template }).html).window.document.querySelector(
      'style',
    )!.textContent;
    expect(css).toContain(':focus-visible{outline:3px solid');
    expect(css).toContain('@media (prefers-reduced-motion:reduce)');
    expect(css).toContain('@media print');
    expect(css).not.toMatch(/outline:\s*(?:none|0)/);
  });
});

describe('card flip', () => {
  function flipPage() {
    const html = render(sampleContent, { template: 'cardflip' }).html;
    return new JSDOM(html, { runScripts: 'dangerously', pretendToBeVisual: true }).window;
  }

  it('shows every detail with no button to press, with or without JavaScript', () => {
    const doc = new JSDOM(render(sampleContent, { template: 'cardflip' }).html).window.document;
    expect(doc.querySelectorAll('.flip-toggle')).toHaveLength(0);
    expect(doc.body.textContent).toContain('Cut dashboard load time');
    const win = flipPage();
    expect(win.document.querySelectorAll('button.flip-toggle, .flipped')).toHaveLength(0);
    win.close();
  });

  it('passes axe with the script run', async () => {
    const win = flipPage();
    win.eval(axe.source);
    const result = await (win as unknown as AxeWindow).axe.run(win.document, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    win.close();
  });
});

describe('terminal typing', () => {
  it('leaves everything visible where it cannot animate', () => {
    const html = render(sampleContent, { template: 'terminal' }).html;
    const win = new JSDOM(html, { runScripts: 'dangerously' }).window;
    // jsdom has no IntersectionObserver: the script must bow out and hide nothing.
    expect(win.document.documentElement.classList.contains('typing')).toBe(false);
    expect(win.document.querySelectorAll('.pending')).toHaveLength(0);
    win.close();
  });
});
