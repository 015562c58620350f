import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

/**
 * Every signed-in screen fits the window at desktop, tablet and phone widths with the longest
 * real resume of the corpus in it: nothing scrolls sideways, and in the resume editor no entry's
 * fields or buttons leave its card (on desktop they used to slide under the live preview).
 */

const goldDir = path.resolve(import.meta.dirname, '../packages/parser/corpus/real/gold');
const goldFiles = fs.readdirSync(goldDir).filter((f) => f.endsWith('.gold.json'));
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(goldDir, file), 'utf8')) as {
    contact?: { name?: string };
    experience?: { position?: string; company?: string }[];
  };

/** The longest gold resume (most text). */
const longest = goldFiles.reduce((a, b) =>
  fs.statSync(path.join(goldDir, b)).size > fs.statSync(path.join(goldDir, a)).size ? b : a,
);
/** The gold resume whose experience heading ("Position at Company") is the longest. */
const headingLength = (file: string) =>
  Math.max(
    0,
    ...(read(file).experience ?? []).map(
      (e) => [e.position, e.company].filter(Boolean).join(' at ').length,
    ),
  );
const longestHeading = goldFiles.reduce((a, b) => (headingLength(b) > headingLength(a) ? b : a));

const widths = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

async function expectNoSidewaysScroll(page: Page, screen: string, testInfo: TestInfo) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${screen}-${width}.png`) });
  expect(scrollWidth, `${screen} at ${width} px scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** Every entry card of the resume editor holds its fields and buttons, and stays left of the preview. */
async function expectEntriesInsideCards(page: Page, label: string) {
  const cards = page.locator('fieldset');
  await expect(cards.first()).toBeVisible();
  const preview = page.getByTitle('Portfolio preview');
  const previewLeft = (await preview.isVisible())
    ? ((await preview.boundingBox())?.x ?? Infinity)
    : Infinity;
  const overflow = await cards.evaluateAll((fieldsets) =>
    fieldsets.flatMap((fs) => {
      const box = fs.getBoundingClientRect();
      return [...fs.querySelectorAll('input, button, textarea')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
        .map(({ el }) => el.getAttribute('aria-label') ?? (el as HTMLInputElement).value);
    }),
  );
  expect(overflow, `${label}: controls outside their entry card`).toEqual([]);
  const rightmost = await cards.evaluateAll((fieldsets) =>
    Math.max(...fieldsets.map((fs) => fs.getBoundingClientRect().right)),
  );
  expect(rightmost, `${label}: entry cards run under the preview`).toBeLessThanOrEqual(previewLeft);
}

const openTab = async (page: Page, name: string, ready: Locator) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(ready).toBeVisible();
};

for (const viewport of widths) {
  test(`no signed-in screen scrolls sideways at ${viewport.width} px with the longest real resume`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const data = read(longest);
    const { id, auth } = await signedInWithPortfolio(page, {
      name: 'Longest Real Resume',
      content: { data },
    });
    const name = data.contact?.name ?? '';
    const h1 = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text });

    await page.goto('/dashboard');
    await expect(page.getByTestId('portfolio-card')).toBeVisible();
    await expectNoSidewaysScroll(page, 'dashboard', testInfo);

    await page.goto(`/preview?id=${id}`);
    const frame = page.frameLocator('iframe[title="Portfolio preview"]');
    await expect(frame.getByRole('heading', { name, exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'editor-preview', testInfo);
    await openTab(page, 'Resume', page.getByLabel('Full Name'));
    await expectNoSidewaysScroll(page, 'editor-resume', testInfo);
    await expectEntriesInsideCards(page, longest);
    await openTab(page, 'Customize', page.getByLabel('Font family'));
    await expectNoSidewaysScroll(page, 'customize', testInfo);

    await page.goto(`/template-editor?id=${id}`);
    for (const tab of ['Content', 'Design', 'Settings', 'Preview']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expectNoSidewaysScroll(page, `template-editor-${tab.toLowerCase()}`, testInfo);
    }

    await page.goto(`/template-select?id=${id}`);
    await expect(page.getByTestId('template-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'template-select', testInfo);

    await page.goto(`/publish?id=${id}`);
    await expect(h1('Publish')).toBeVisible();
    await expect(page.getByRole('button', { name: /Publish/ }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'publish', testInfo);

    await page.goto('/profile');
    await expect(h1('Profile')).toBeVisible();
    await expect(page.getByText(/credits/i).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'profile', testInfo);

    await page.goto('/resume-upload');
    await expect(h1('Upload Resume')).toBeVisible();
    await expectNoSidewaysScroll(page, 'import', testInfo);

    // The resume with the longest entry heading, in the resume editor.
    const saved = await page.request.patch(`/api/portfolios/${id}`, {
      headers: auth,
      data: { content: { data: read(longestHeading) } },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`/preview?id=${id}`);
    await openTab(page, 'Resume', page.getByLabel('Full Name'));
    await expectNoSidewaysScroll(page, 'editor-resume-long-heading', testInfo);
    await expectEntriesInsideCards(page, longestHeading);
  });
}
