/**
 * A LinkedIn data export (ADR 33): a ZIP made at test time by the generator's LinkedIn family
 * (several roles at one company, a non-ASCII name), uploaded on the upload page, reviewed with
 * nothing marked to check, published: the live site shows each role with its company. No credit
 * is spent (ADR 33).
 */
import type { Page } from '@playwright/test';
import { planLinkedInExports, zipOf } from '../packages/parser/corpus/generator/linkedin-zip.ts';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;

/** The first generated export with a repeated company and a name outside ASCII. */
const doc = planLinkedInExports('e2e-linkedin', 16).find((d) => {
  const companies = (d.gold.experience ?? []).map((e) => e.company);
  const name = d.gold.contact?.name ?? '';
  return new Set(companies).size < companies.length && /[^ -~]/.test(name);
})!;

const credits = async (page: Page, auth: { Authorization: string }) =>
  ((await (await page.request.get('/api/user', { headers: auth })).json()) as { credits: number })
    .credits;

test('a LinkedIn data export: uploaded, nothing to check, published with every role', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(120_000);
  const auth = await signedIn(page);
  expect(await credits(page, auth)).toBe(10);
  await page.goto('/resume-upload');
  await expect(page.getByRole('heading', { name: 'Upload Resume', level: 1 })).toBeVisible();

  // Both LinkedIn ways are said on the page.
  const ways = page.getByRole('region', { name: 'Coming from LinkedIn?' });
  await expect(ways).toContainText('On LinkedIn: your profile → More → Save to PDF.');
  await expect(ways).toContainText('Settings → Data privacy → Get a copy of your data');
  if (shots) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/upload-linkedin-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  await page.getByLabel('Portfolio Name').fill('LinkedIn Import');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles({
    name: 'Basic_LinkedInDataExport_11-29-2026.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(await zipOf(doc.files)),
  });
  // Choosing the file uploads it.

  // The review: the CSV text read beside the fields, nothing marked.
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(toast(page, 'Resume uploaded successfully')).toBeVisible();
  await expect(page.getByTestId('review-status')).toContainText('Nothing is marked to check');
  await expect(page.getByTestId('check-this')).toHaveCount(0);
  await expect(page.getByTestId('original-document')).toHaveAttribute('data-view', 'text');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue(
    doc.gold.contact!.name!,
  );
  if (shots) await page.screenshot({ path: `${shots}/review-linkedin-1280.png` });

  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await page.getByRole('button', { name: 'Continue to Preview' }).click();
  await expect(page).toHaveURL(/\/preview\?id=\d+$/);
  await page.getByRole('link', { name: 'Continue to Publish' }).click();
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });
  expect(await credits(page, auth)).toBe(10);

  // The live site: every role, each beside its company.
  const portfolio = (await (
    await page.request.get(`/api/portfolios/${id}`, { headers: auth })
  ).json()) as { domain: string };
  const { port } = new URL(server.baseURL);
  const visitor = await context.newPage();
  await visitor.goto(`http://${portfolio.domain}.folio.localhost:${port}/`);
  await expect(visitor.getByText(doc.gold.contact!.name!).first()).toBeVisible();
  for (const role of doc.gold.experience!) {
    const entry = visitor
      .locator('article, li, section > div')
      .filter({ hasText: role.position! })
      .filter({ hasText: role.company! });
    await expect(entry.first(), `${role.position} at ${role.company}`).toBeVisible();
  }
  await visitor.close();
});

test('without credits a LinkedIn export can still be uploaded; a PDF cannot', async ({ page }) => {
  await signedIn(page);
  // The page is shown a user with 0 credits (the server's side: apps/server/test/linkedin-export.test.ts).
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), credits: 0 } });
  });
  await page.goto('/resume-upload');
  await expect(page.getByTestId('credits-value')).toHaveText('0 / 10');
  const alert = page.getByRole('alert').filter({ hasText: 'Insufficient Credits' });
  const submit = page.getByRole('button', { name: 'Upload and Parse Resume' });
  await page.getByLabel('Portfolio Name').fill('No Credits Export');
  const input = page.getByLabel('Resume file', { exact: true });

  // A PDF would cost a credit: it is not uploaded, and the alert says why.
  await input.setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(page.getByTestId('chosen-file')).toHaveText('cv.pdf');
  await expect(alert).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(page).toHaveURL(/\/resume-upload$/);

  // A LinkedIn export costs none: choosing it uploads it.
  await input.setInputFiles({
    name: 'export.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(await zipOf(doc.files)),
  });
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
});
