import fs from 'node:fs';
import path from 'node:path';
import { corpusGoldDir } from '@folio/parser/corpus';
import { fixtureFamily } from '@folio/parser/fixtures';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, signedIn, signedInWithPortfolio, test } from './fixtures.ts';

/**
 * Every signed-in screen fits the window at desktop, tablet and phone widths with the longest
 * real resume of the corpus in it (its committed gold): nothing scrolls sideways, and in the
 * resume editor no entry's fields or buttons leave its card (on desktop they used to slide under
 * the live preview). The dialogs over them (template preview, the phone preview sheet) fit too,
 * and so does the review after importing a long generated resume (corpus/fixtures.node.ts).
 */

const goldDir = corpusGoldDir;
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
/** The longest generated academic CV (most text in its gold), for the import. */
const longestDocument = async () => {
  const docs = await fixtureFamily('academic-cv');
  const size = (d: (typeof docs)[number]) => JSON.stringify(d.gold).length;
  return docs.reduce((a, b) => (size(b) > size(a) ? b : a)).file;
};

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

/**
 * A dialog fits the window: inside it, nothing scrolls sideways and no control reaches past its
 * edges. (A fixed dialog never widens the page, so the page's scroll width cannot tell.)
 */
async function expectDialogFits(page: Page, dialog: Locator, screen: string, testInfo: TestInfo) {
  await expect(dialog).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: testInfo.outputPath(`${screen}-${width}.png`) });
  const fit = await dialog.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const outside = [root, ...root.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5);
      })
      .map(
        (el) =>
          el.tagName.toLowerCase() +
          (el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''),
      );
    const scrolling = [root, ...root.querySelectorAll('*')]
      .filter(
        (el) =>
          el.clientWidth > 0 &&
          el.scrollWidth > el.clientWidth + 0.5 &&
          /auto|scroll/.test(getComputedStyle(el).overflowX),
      )
      .map((el) => el.tagName.toLowerCase());
    return { left: box.left, right: box.right, outside, scrolling };
  });
  expect(fit.left, `${screen} at ${width} px starts off screen`).toBeGreaterThanOrEqual(0);
  expect(fit.right, `${screen} at ${width} px ends off screen`).toBeLessThanOrEqual(width);
  expect(fit.outside, `${screen} at ${width} px: parts off screen`).toEqual([]);
  expect(fit.scrolling, `${screen} at ${width} px scrolls sideways inside`).toEqual([]);
  // The portfolio drawn inside it fits its frame too.
  const site = await dialog
    .locator('iframe')
    .contentFrame()
    .locator('html')
    .evaluate((html) => ({ scrollWidth: html.scrollWidth, clientWidth: html.clientWidth }));
  expect(
    site.scrollWidth,
    `${screen} at ${width} px: the site scrolls sideways`,
  ).toBeLessThanOrEqual(site.clientWidth);
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
    // Below the desktop layout the live preview is a sheet over Customize.
    const sheetButton = page.getByRole('button', { name: 'Preview', exact: true });
    if (viewport.width < 1024) {
      await sheetButton.click();
      const sheet = page.getByRole('dialog', { name: 'Live preview' });
      await expect(
        sheet.frameLocator('iframe[title="Portfolio preview"]').getByRole('heading', {
          name,
          exact: true,
        }),
      ).toBeVisible();
      await expectDialogFits(page, sheet, 'preview-sheet', testInfo);
      await sheet.getByRole('button', { name: 'Close preview' }).click();
      await expect(sheet).toBeHidden();
    } else {
      await expect(sheetButton).toBeHidden();
    }

    await page.goto(`/template-editor?id=${id}`);
    for (const tab of ['Content', 'Design', 'Settings', 'Preview']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expectNoSidewaysScroll(page, `template-editor-${tab.toLowerCase()}`, testInfo);
    }

    await page.goto(`/template-select?id=${id}`);
    await expect(page.getByTestId('template-card').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'template-select', testInfo);
    // The template preview dialog, with this resume in the template.
    const firstCard = page.getByTestId('template-card').first();
    await firstCard.getByRole('button', { name: /^Preview / }).click();
    const previewDialog = page.getByRole('dialog', { name: / preview$/ });
    await expect(
      previewDialog.frameLocator('iframe').getByRole('heading', { name, exact: true }),
    ).toBeVisible();
    await expectDialogFits(page, previewDialog, 'template-preview', testInfo);
    await previewDialog.getByRole('button', { name: 'Close preview' }).click();
    await expect(previewDialog).toBeHidden();

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

for (const viewport of widths) {
  test(`the review after importing a long generated resume does not scroll sideways at ${viewport.width} px`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000); // the first run on a machine generates the documents
    const resumeFile = await longestDocument();
    await page.setViewportSize(viewport);
    await signedIn(page);

    await page.goto('/resume-upload');
    await page.getByLabel('Portfolio Name').fill('Long Generated Import');
    await page.getByLabel('Resume file', { exact: true }).setInputFiles(resumeFile);
    await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Check Your Details', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
    // beside the fields at desktop widths; on a phone, full-screen from its button
    const toggle = page.getByRole('button', { name: 'Show original document' });
    const phone = await toggle.isVisible();
    if (phone) await toggle.click();
    const original = phone
      ? page.getByRole('dialog', { name: 'Your original document' })
      : page.getByRole('region', { name: 'Your original document' });
    // pdf.js draws the pages in the browser: slow on a loaded machine
    await expect(original.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible({
      timeout: 30_000,
    });
    await expectNoSidewaysScroll(page, 'review', testInfo);
    await expectEntriesInsideCards(page, `review of ${path.basename(resumeFile)}`);
  });
}
