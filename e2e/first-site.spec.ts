/**
 * From a resume to a live site with defaults that fit the person,
 * with generated resumes only (`generated-resume.ts`):
 * - five clicks from the dashboard to a live site when nothing needs fixing (the file dialog
 *   counts as one), with no name typed: the portfolio is named after the person, and the sections
 *   of someone with work experience start with it;
 * - a resume with fields marked "Check this" publishes too, and the publish page and the
 *   dashboard card say how many are not checked, with a link to them.
 */
import type { Page } from '@playwright/test';
import { uncheckedMarksText } from '@folio/core';
import { generatedResume } from './generated-resume.ts';
import { expect, signedIn, test, toast } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;

/** Counts the user's clicks in the page (trusted events only), across page loads of the tab. */
async function countClicks(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      (e) => {
        if (!e.isTrusted) return;
        const n = Number(sessionStorage.getItem('test:clicks') ?? '0') + 1;
        sessionStorage.setItem('test:clicks', String(n));
      },
      true,
    );
  });
  return () => page.evaluate(() => Number(sessionStorage.getItem('test:clicks') ?? '0'));
}

test('five clicks from the dashboard to a live site, named after the person, experience first', async ({
  page,
  context,
  server,
}) => {
  test.setTimeout(240_000);
  // a resume the parser reads with nothing to check, found among a few generated ones (its
  // review marks first-site-1's experience)
  let resume = await generatedResume('first-site-3');
  for (let seed = 4; resume.marks && seed < 20; seed++)
    resume = await generatedResume(`first-site-${seed}`);
  expect(resume.marks, 'a generated resume with nothing to check').toBe(0);
  expect(resume.persona.experience.length).toBeGreaterThan(0);
  const auth = await signedIn(page);
  const clicks = await countClicks(page);
  await page.goto('/dashboard');

  // 1: the dashboard's way to a new portfolio (a first one here).
  await page.getByRole('link', { name: 'Create Your First Portfolio' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Resume', level: 1 })).toBeVisible();
  // 2: the file dialog (choosing the file uploads it; no name typed, no second button).
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(resume.file);
  let dialogs = 1;
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  await expect(page.getByText('Portfolio name is required')).toHaveCount(0);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByTestId('review-status')).toContainText('Nothing is marked to check');
  // 3: the review's one button.
  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await expect(page.getByTestId('selected-state')).toBeVisible();
  // 4: keep the template chosen for us and go on to publishing.
  await page.getByRole('button', { name: 'Continue to Publish' }).click();
  await expect(page).toHaveURL(/\/publish\?id=\d+$/);
  const checklist = page.getByRole('list', { name: 'Publishing checklist' });
  await expect(checklist.getByRole('listitem')).toHaveText([
    'Content set up(done)',
    'Template selected(done)',
    'Domain configured(done)',
  ]);
  // 5: Publish.
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('live-link')).toBeVisible();

  const total = (await clicks()) + dialogs;
  console.log(`dashboard to live site: ${total} clicks (file dialog included)`);
  expect(total, 'clicks from the dashboard to a live site').toBeLessThanOrEqual(5);
  dialogs = 0;

  // Named after the person on the resume; sections start with work experience.
  const portfolio = (await (
    await page.request.get(`/api/portfolios/${id}`, { headers: auth })
  ).json()) as {
    name: string;
    domain: string;
    content: { settings: { sectionOrder: string[] } };
  };
  expect(portfolio.name).toBe(resume.persona.name);
  expect(portfolio.content.settings.sectionOrder.slice(0, 3)).toEqual([
    'contact',
    'summary',
    'experience',
  ]);

  // The site is live at its address, and a visitor reads experience before education.
  const { port } = new URL(server.baseURL);
  const visitor = await context.newPage();
  await visitor.goto(`http://${portfolio.domain}.folio.localhost:${port}/`);
  await expect(visitor.getByText(resume.persona.name).first()).toBeVisible();
  const experience = visitor.getByRole('heading', { name: /experience/i }).first();
  const education = visitor.getByRole('heading', { name: /education/i }).first();
  await expect(experience).toBeVisible();
  await expect(education).toBeVisible();
  const experienceFirst = await experience.evaluate(
    (a, b) => Boolean(a.compareDocumentPosition(b as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
    await education.elementHandle(),
  );
  expect(experienceFirst, 'Experience before Education on the live site').toBe(true);
  await visitor.close();
});

test('marks left open: publishing is allowed, the publish page and the dashboard count them', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A student (no work experience) whose education headings carry parts the parser marks.
  const resume = await generatedResume('first-site-2', {
    places: true,
    edit: (p) => ({ ...p, experience: [] }),
  });
  expect(resume.marks, 'a generated resume with fields to check').toBeGreaterThan(0);
  const auth = await signedIn(page);
  await page.goto('/resume-upload');
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(resume.file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const markers = page.getByTestId('check-this');
  await expect(markers.first()).toBeVisible();
  const count = await markers.count();

  // A student's sections start with education.
  const stored = (await (
    await page.request.get(`/api/portfolios/${id}`, { headers: auth })
  ).json()) as { name: string; content: { settings: { sectionOrder: string[] } } };
  expect(stored.name).toBe(resume.persona.name);
  expect(stored.content.settings.sectionOrder.slice(0, 3)).toEqual([
    'contact',
    'summary',
    'education',
  ]);

  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await page.getByRole('button', { name: 'Continue to Publish' }).click();
  await expect(page).toHaveURL(/\/publish\?id=\d+$/);

  // The checklist does not call the content done while marks are open, and says how many.
  const checklist = page.getByRole('list', { name: 'Publishing checklist' });
  await expect(checklist.getByText('Content set up(done)')).toHaveCount(0);
  const open = page.getByTestId('unchecked-marks');
  await expect(open).toContainText(uncheckedMarksText(count));
  await expect(page.getByTestId('publish-summary')).toContainText('Ready to Publish');
  if (shots) {
    await page.screenshot({ path: `${shots}/flow-publish-marks-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/flow-publish-marks-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Publishing is allowed with marks open.
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(toast(page, 'Portfolio published')).toBeVisible({ timeout: 20_000 });
  await expect(open).toContainText(uncheckedMarksText(count));

  // The dashboard card counts them too, and its link opens the review where they are.
  await page.goto('/dashboard');
  const card = page.getByTestId('portfolio-card');
  await expect(card.getByTestId('portfolio-status')).toContainText('Live');
  const cardMarks = card.getByRole('link', { name: uncheckedMarksText(count) });
  await expect(cardMarks).toBeVisible();
  if (shots) {
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/flow-dashboard-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByTestId('unchecked-marks').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/flow-dashboard-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await cardMarks.click();
  await expect(page).toHaveURL(new RegExp(`/review\\?id=${id}$`));
  await expect(markers).toHaveCount(count);

  // Confirming one there: one fewer everywhere.
  await page
    .getByRole('button', { name: /^Looks right: / })
    .first()
    .click();
  await expect(markers).toHaveCount(count - 1);
  await page.getByRole('button', { name: 'Continue to templates' }).click();
  await expect(page).toHaveURL(/\/template-select\?id=\d+$/);
  await page.goto(`/publish?id=${id}`);
  if (count - 1 === 0) {
    await expect(checklist.getByText('Content set up(done)')).toBeVisible();
  } else {
    await expect(page.getByTestId('unchecked-marks')).toContainText(uncheckedMarksText(count - 1));
  }
});
