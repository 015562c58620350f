/**
 * The original beside the form (ADR 44): the uploaded document is kept with the portfolio, so
 * after a reload the review still shows it, drawn by pdf.js; focusing a field highlights where its
 * value was read, over that place on the page. On a phone a field's "In original" button opens
 * the document full-screen at that place. "Delete original" removes it for good.
 */
import fs from 'node:fs';
import { fixtureDocument } from '@folio/parser/fixtures';
import type { Locator, Page } from '@playwright/test';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR ?? '/work/shots';

/**
 * Where `text` is printed on page 1 of the PDF, as fractions of the page (top-left origin),
 * read with pdf.js here in the test, independently of the parser.
 */
async function printedAt(file: string, text: string) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0 });
  const pdf = await task.promise;
  const page = await pdf.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const items = (await page.getTextContent()).items.filter((i) => 'str' in i);
  const item = items.find((i) => i.str.includes(text));
  if (!item) throw new Error(`"${text}" is not printed on page 1`);
  const [, , , fontHeight, x, baseline] = item.transform as number[];
  await task.destroy();
  return {
    x: x! / width,
    y: (height - baseline! - fontHeight!) / height,
    w: item.width / width,
    h: fontHeight! / height,
  };
}

/** The highlight's box as fractions of the page image it is drawn over. */
async function highlightOn(scope: Locator, page = 1) {
  const image = scope.getByRole('img', { name: new RegExp(`^Page ${page} of \\d+$`) });
  const mark = scope.getByTestId('source-highlight');
  await expect(mark).toBeVisible({ timeout: 30_000 }); // once the page is drawn
  const [m, p] = [await mark.boundingBox(), await image.boundingBox()];
  expect(m && p).toBeTruthy();
  return {
    x: (m!.x - p!.x) / p!.width,
    y: (m!.y - p!.y) / p!.height,
    w: m!.width / p!.width,
    h: m!.height / p!.height,
  };
}

/** The highlight covers the printed text (boxes as page fractions; a little slack for padding). */
function covers(mark: Awaited<ReturnType<typeof highlightOn>>, text: typeof mark) {
  const slack = 0.01;
  expect(mark.x).toBeLessThanOrEqual(text.x + slack);
  expect(mark.y).toBeLessThanOrEqual(text.y + slack);
  expect(mark.x + mark.w).toBeGreaterThanOrEqual(text.x + Math.min(text.w, 0.05) - slack);
  expect(mark.y + mark.h).toBeGreaterThanOrEqual(text.y + text.h - slack);
  // and is about that text, not a whole region of the page
  expect(mark.h).toBeLessThan(0.08);
}

async function uploadAndReview(page: Page, file: string, name: string): Promise<number> {
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill(name);
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  await expect(toast(page, 'Resume uploaded successfully')).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('id'));
}

test('after a reload, focusing a field highlights where its value was read in the PDF', async ({
  page,
}) => {
  test.setTimeout(300_000); // the first run on a machine generates the document
  const resume = await fixtureDocument('onecol-pdf');
  const fullName = resume.gold.contact!.name!;
  const company = resume.gold.experience![0]!.company!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page);
  const id = await uploadAndReview(page, resume.file, 'Kept Original');

  // Kept on the server: a reload draws it again, from there.
  const loaded = page.waitForResponse(
    (r) => r.url().endsWith(`/api/portfolios/${id}/original/file`) && r.ok(),
  );
  await page.reload();
  await loaded;
  const original = page.getByRole('region', { name: 'Your original document' });
  await expect(original.getByTestId('original-document')).toHaveAttribute('data-view', 'pages', {
    timeout: 30_000, // pdf.js loads and draws on a machine shared with other tests
  });
  await expect(original.getByText(resume.filename)).toBeVisible();

  // Full Name: the highlight sits over the name printed at the top of page 1.
  await page.getByRole('textbox', { name: 'Full Name' }).focus();
  covers(await highlightOn(original), await printedAt(resume.file, fullName));
  // The first employer: the highlight moves there, and the pane scrolls to keep it in view.
  await page.getByRole('textbox', { name: 'Company' }).first().focus();
  await expect(original.getByTestId('source-highlight')).toHaveCount(1);
  const companyBox = await printedAt(resume.file, company);
  await expect.poll(async () => (await highlightOn(original)).y).toBeCloseTo(companyBox.y, 1);
  covers(await highlightOn(original), companyBox);
  await expect(original.getByTestId('source-highlight')).toBeInViewport();
  await page.screenshot({ path: `${shots}/original-1280.png` });

  // Deleted on request, with a confirmation; gone after a reload too.
  await original.getByRole('button', { name: 'Delete original' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the original document?' });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: `${shots}/original-1280-delete.png` });
  await confirm.getByRole('button', { name: 'Delete original' }).click();
  await expect(toast(page, 'Original document deleted')).toBeVisible();
  await expect(original.getByTestId('original-empty')).toBeVisible();
  await page.reload();
  await expect(original.getByTestId('original-empty')).toContainText('No original document');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue(fullName);
  await page.screenshot({ path: `${shots}/original-1280-empty.png` });
});

test('on a phone, a field opens the original full-screen at its source, with zoom', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const resume = await fixtureDocument('onecol-pdf');
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  await uploadAndReview(page, resume.file, 'Phone Original');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
  // No document beside the fields on a phone: only buttons that open it.
  await expect(page.getByTestId('original-document')).toHaveCount(0);

  const open = page.getByRole('button', { name: 'Show Full Name in the original' });
  await expect(open).toBeVisible();
  await page.screenshot({ path: `${shots}/original-390-fields.png` });
  await open.click();
  const viewer = page.getByRole('dialog', { name: 'Your original document' });
  await expect(viewer.getByRole('img', { name: /^Page 1 of \d+$/ })).toBeVisible();
  covers(await highlightOn(viewer), await printedAt(resume.file, resume.gold.contact!.name!));
  await expect(viewer.getByTestId('source-highlight')).toBeInViewport();
  await page.screenshot({ path: `${shots}/original-390.png` });

  // Zoom: the page is drawn larger than the screen, the highlight still over the same words.
  const before = (await viewer.getByRole('img', { name: /^Page 1 / }).boundingBox())!.width;
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByText('150%')).toBeVisible();
  await expect
    .poll(async () => (await viewer.getByRole('img', { name: /^Page 1 / }).boundingBox())!.width)
    .toBeGreaterThan(before * 1.4);
  covers(await highlightOn(viewer), await printedAt(resume.file, resume.gold.contact!.name!));
  await page.screenshot({ path: `${shots}/original-390-zoomed.png` });

  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
});

test('a Word file: focusing a field highlights the paragraph it came from', async ({ page }) => {
  test.setTimeout(180_000);
  const word = await fixtureDocument('docx');
  const fullName = word.gold.contact!.name!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page);
  await uploadAndReview(page, word.file, 'Word Original');
  await page.reload();
  const original = page.getByRole('region', { name: 'Your original document' });
  await expect(original.getByTestId('original-document')).toHaveAttribute('data-view', 'text');
  await page.getByRole('textbox', { name: 'Full Name' }).focus();
  const mark = original.getByTestId('source-highlight');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText(fullName);
  await page.screenshot({ path: `${shots}/original-word-1280.png` });
});
