/**
 * axe (axe-core, in the page) finds no serious or critical violation on any signed-in screen, nor
 * on /pricing, at desktop (1280 px) and phone (390 px) widths. Each page is checked once what it
 * shows has arrived (a state to wait for). The published templates inside preview frames are
 * checked by the renderer's own axe test (packages/renderer/src/a11y.test.ts), so frames are
 * left out here.
 */
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// axe is added as a script of the page; the app's Content-Security-Policy forbids inline scripts.
test.use({ bypassCSP: true });

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }[];
}

/** Serious and critical violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    return (await axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
    })) as AxeResult;
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

for (const [label, width, height] of [
  ['desktop', 1280, 900],
  ['phone', 390, 844],
] as const) {
  test(`no serious or critical axe violations on the signed-in screens (${label}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const { id } = await signedInWithPortfolio(page, {
      name: 'Axe Check',
      content: {
        data: {
          contact: { name: 'Ada Park', title: 'Engineer', email: 'ada@example.com' },
          summary: 'Builds accessible things.',
          skills: { technical: ['TypeScript'] },
        },
        // a poor read: the review opens with its verdict and marks on the empty sections
        settings: {
          importRead: { confidence: 0.3 },
          uncertain: [
            { path: 'experience', reason: 'not-found' },
            { path: 'contact/title', reason: 'low-confidence' },
          ],
        },
      },
    });

    const screens: [string, (p: Page) => Locator][] = [
      ['/dashboard', (p) => p.getByTestId('portfolio-card')],
      ['/profile', (p) => p.getByTestId('credits-value')],
      ['/resume-upload', (p) => p.getByRole('button', { name: 'Upload and Parse Resume' })],
      [`/review?id=${id}`, (p) => p.getByTestId('review-verdict')],
      [`/template-select?id=${id}`, (p) => p.getByTestId('template-card').first()],
      [`/template-editor?id=${id}`, (p) => p.getByTestId('editor-portfolio-name')],
      [`/preview?id=${id}`, (p) => p.getByRole('heading', { name: 'Preview & Customize' })],
      [`/publish?id=${id}`, (p) => p.getByRole('heading', { name: 'Domain Settings' })],
      ['/pricing', (p) => p.getByTestId('plan-card-pro')],
    ];
    const found: Record<string, string[]> = {};
    for (const [path, loaded] of screens) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(loaded(page)).toBeVisible();
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}

test('the comparison table on /pricing scrolls sideways from the keyboard on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  const region = page.getByRole('region', { name: 'Plan comparison' });
  await expect(region).toBeVisible();
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
