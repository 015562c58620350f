/**
 * Nothing is thrown away (ADR 46): a generated resume with a section of a kind
 * Folio has no block for ("Field Notes") imports with that section as a custom section, which
 * the live site shows; the user renames it, deletes it (with Undo) and the preview follows.
 */
import type { Page } from '@playwright/test';
import { generatedResume } from './generated-resume.ts';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;
const NOTES = ['Mapped the tide pools of the north shore', 'Logged spring bird counts'];

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/custom-sections-${name}.png` });
};

test('a section of unknown kind arrives as a custom section the user keeps, renames and deletes', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(240_000);
  const resume = await generatedResume('custom-sections-1', {
    edit: (p) => ({
      ...p,
      headings: { ...p.headings, interests: 'Field Notes' },
      interests: NOTES,
    }),
    order: ['summary', 'experience', 'education', 'interests', 'skills'],
  });
  const auth = await signedIn(page);
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill('Custom Sections');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(resume.file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // The review offers the section under its own heading, with its lines.
  const title = page.getByRole('textbox', { name: 'Section title' });
  await expect(title).toHaveValue('Field Notes');
  const section = page.getByTestId('custom-section');
  await expect(section.getByRole('textbox', { name: /^Text: item 1 of / })).toHaveValue(
    new RegExp(NOTES[0]!),
  );
  await title.scrollIntoViewIfNeeded();
  await shot(page, `review-${page.viewportSize()?.width}`);

  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await page.getByRole('button', { name: 'Continue to Publish' }).click();
  await expect(page).toHaveURL(/\/publish\?id=\d+$/);
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });

  // The live site shows it as a section of its own.
  const live = await page.request.get(`/api/portfolios/${id}`, { headers: auth });
  const { domain } = (await live.json()) as { domain: string };
  const { port } = new URL(server.baseURL);
  const visitor = await context.newPage();
  await visitor.goto(`http://${domain}.folio.localhost:${port}/`);
  const onSite = visitor.getByRole('region', { name: 'Field Notes' });
  await expect(onSite.getByRole('heading', { level: 2, name: 'Field Notes' })).toBeVisible();
  await expect(onSite.getByText(NOTES[1]!)).toBeVisible();
  await onSite.scrollIntoViewIfNeeded();
  await shot(visitor, 'site-1280');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await onSite.scrollIntoViewIfNeeded();
  await shot(visitor, 'site-390');
  await visitor.close();

  // Rename it in the editor: the preview shows the new title.
  await page.goto(`/preview?id=${id}`);
  await page.getByRole('tab', { name: 'Resume' }).click();
  const editorTitle = page.getByRole('textbox', { name: 'Section title' });
  await editorTitle.fill('Fieldwork');
  await editorTitle.scrollIntoViewIfNeeded();
  await shot(page, 'editor-1280');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Content updated')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Portfolio preview"]');
  await expect(frame.getByRole('heading', { level: 2, name: 'Fieldwork' })).toBeVisible();
  await expect(frame.getByRole('heading', { level: 2, name: 'Field Notes' })).toHaveCount(0);

  // Delete it: Undo puts it back; deleted again and saved, the preview no longer has it.
  await page.getByRole('tab', { name: 'Resume' }).click();
  await page.getByRole('button', { name: 'Delete section Fieldwork' }).click();
  await expect(toast(page, 'Section deleted')).toBeVisible();
  await expect(page.getByTestId('custom-section')).toHaveCount(0);
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Section title' })).toHaveValue('Fieldwork');
  await page.getByRole('button', { name: 'Delete section Fieldwork' }).click();
  await expect(page.getByTestId('custom-section')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Content updated')).toBeVisible();
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(frame.getByRole('heading', { level: 2, name: 'Fieldwork' })).toHaveCount(0);
  const saved = await page.request.get(`/api/portfolios/${id}`, { headers: auth });
  const content = ((await saved.json()) as { content: { data: { custom?: unknown[] } } }).content;
  expect(content.data.custom ?? []).toHaveLength(0);
});

test('custom sections on a phone: added and named in the editor, nothing wider than the screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  const resume = await generatedResume('custom-sections-2');
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill('Phone Sections');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(resume.file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('custom-section')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a custom section' }).click();
  await page.getByRole('textbox', { name: 'Section title' }).fill('Talks');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Maps at scale');
  await expect(page.getByRole('button', { name: 'Delete section Talks' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete section Talks' }).scrollIntoViewIfNeeded();
  await shot(page, 'editor-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
});
