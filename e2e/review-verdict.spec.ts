/**
 * The review's verdict and its marks (docs/product.md, Parsing and credits): a resume whose
 * sections the parser cannot find is not passed off as "nothing to check". The review says at the
 * top what was not found, marks each empty section where it is edited, and "Next" walks every
 * place marked, in the order the page shows them. A resume read well shows no verdict.
 */
import type { Page } from '@playwright/test';
import { REVIEW_WARNING_BELOW } from '@folio/core';
import { generatedResume } from './generated-resume.ts';
import { expect, signedIn, test } from './fixtures.ts';

const shots = process.env.SHOTS_DIR;

/**
 * A resume whose section headings the parser does not know: it finds the name and contact lines
 * and nothing of the work experience, education or skills printed under them.
 */
const poorRead = () =>
  generatedResume('verdict-unknown-headings', {
    edit: (p) => ({
      ...p,
      headings: {
        ...p.headings,
        summary: 'Hello There',
        experience: 'Where I Have Been',
        education: 'Things I Learned Along the Way',
        skills: 'Bag of Tricks',
        projects: 'Stuff I Made',
      },
    }),
  });

async function upload(page: Page, name: string, file: string) {
  await page.goto('/resume-upload');
  await page.getByLabel('Portfolio Name').fill(name);
  await page.getByLabel('Resume file', { exact: true }).setInputFiles(file);
  await expect(page).toHaveURL(/\/review\?id=\d+$/, { timeout: 60_000 });
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
}

/** A screenshot of the page without the notifications over it (the upload's toast). */
const shoot = (page: Page, name: string) =>
  page.screenshot({
    path: `${shots}/${name}.png`,
    style: '[data-testid="toast"] { visibility: hidden; }',
  });

/** The mark path of the element that has the focus (a marked field's control or a note). */
const focusedMark = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-mark-focus') ?? el?.getAttribute('data-mark-path') ?? null;
  });

test('a poor read says what was not found, marks the empty sections, and "Next" walks every mark', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const resume = await poorRead();
  // a reload with unsaved changes asks first (beforeunload): leave, the draft is kept
  page.on('dialog', (dialog) => void dialog.accept());
  const auth = await signedIn(page);
  await upload(page, 'Poor Read', resume.file);

  // The verdict at the top, in plain words: never the green "nothing to check".
  const verdict = page.getByTestId('review-verdict');
  await expect(verdict.getByRole('heading')).toHaveText('We could not read your resume well');
  // the parser's confidence in the read is kept with the portfolio, below the warning line
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const stored = (await (
    await page.request.get(`/api/portfolios/${id}`, { headers: auth })
  ).json()) as {
    content: { settings: { importRead?: { confidence?: number } } };
  };
  expect(stored.content.settings.importRead?.confidence).toBeLessThan(REVIEW_WARNING_BELOW);
  const missing = verdict.getByRole('list', { name: 'What we did not find' });
  await expect(missing.getByRole('listitem')).toContainText([
    'We found no work experience.',
    'We found no education.',
    'We found no skills.',
  ]);
  await expect(page.getByText('Nothing is marked to check')).toHaveCount(0);
  await expect(verdict.getByRole('button', { name: 'Keep what was found' })).toBeVisible();
  await expect(verdict.getByRole('button', { name: 'Start from scratch' })).toBeVisible();
  if (shots) {
    // beside the original (kept in the browser until a reload)
    await expect(page.getByTestId('original-document')).toHaveAttribute('data-view', 'text');
    await shoot(page, 'verdict-poor-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(verdict).toBeInViewport();
    await shoot(page, 'verdict-poor-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // it is kept with the portfolio: the same after a reload
  const said = await missing.getByRole('listitem').allTextContents();
  await page.reload();
  await expect(missing.getByRole('listitem')).toHaveText(said);

  // Each expected section left empty is marked on the section itself.
  for (const section of ['Experience', 'Education', 'Skills']) {
    const note = page
      .getByRole('region', { name: section, exact: true })
      .getByRole('group', { name: `Check this: ${section}`, exact: true });
    await expect(note).toContainText('We found none in your document.');
  }

  // The bar counts the places marked; "Next" walks them top to bottom and wraps.
  const notes = page.getByTestId('check-this');
  const order = await notes.evaluateAll((els) =>
    els.map((el) => el.getAttribute('data-mark-path')),
  );
  expect(order.length).toBeGreaterThanOrEqual(3);
  const left = page.getByTestId('marks-left');
  await expect(left).toHaveText(`${order.length} left`);
  const next = page.getByRole('button', { name: 'Next place to check' });
  const announced = page.getByTestId('mark-announcement');
  const visited: (string | null)[] = [];
  for (let i = 0; i < order.length; i++) {
    await next.click();
    await expect(announced).toContainText(`${i + 1} of ${order.length}`);
    await expect.poll(() => focusedMark(page)).toBe(order[i]);
    visited.push(await focusedMark(page));
    // the place reached is on screen
    await expect(notes.nth(i)).toBeInViewport();
  }
  expect(visited).toEqual(order);
  await next.click();
  await expect.poll(() => focusedMark(page)).toBe(order[0]);
  // Previous from the first goes round to the last; by keyboard too
  const previous = page.getByRole('button', { name: 'Previous place to check' });
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedMark(page)).toBe(order.at(-1));

  // Confirming a mark takes it off the count; so does adding to an empty section.
  await page.getByRole('button', { name: 'Looks right: Education', exact: true }).click();
  await expect(left).toHaveText(`${order.length - 1} left`);
  const skills = page.getByRole('textbox', { name: 'Technical skills' });
  await skills.fill('Triage');
  await skills.press('Enter');
  await expect(left).toHaveText(`${order.length - 2} left`);
  await expect(missing.getByRole('listitem')).not.toContainText(['We found no skills.']);

  // The verdict is still there after a reload (the unsaved draft is kept in the browser).
  await page.reload();
  await expect(verdict).toBeVisible();
  await expect(left).toHaveText(`${order.length - 2} left`);
  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await next.click();
    const reached = page.locator(`[data-mark-path="${await focusedMark(page)}"]`);
    await expect(reached).toBeInViewport({ ratio: 1 });
    await shoot(page, 'verdict-poor-390-next');
    await page.setViewportSize({ width: 1280, height: 800 });
    await next.click();
    await expect(page.locator(`[data-mark-path="${await focusedMark(page)}"]`)).toBeInViewport({
      ratio: 1,
    });
    await shoot(page, 'verdict-poor-1280-next');
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // Start from scratch clears what was read, and can be undone.
  const fullName = page.getByRole('textbox', { name: 'Full Name' });
  const name = await fullName.inputValue();
  expect(name).toBe(resume.persona.name);
  await verdict.getByRole('button', { name: 'Start from scratch' }).click();
  await expect(fullName).toHaveValue('');
  await expect(verdict).toBeHidden();
  await expect(page.getByTestId('review-status')).toContainText('We cleared what we read');
  await page.getByTestId('review-status').getByRole('button', { name: 'Undo' }).click();
  await expect(fullName).toHaveValue(name);
  await expect(verdict).toBeVisible();

  // Keep what was found: the verdict goes, the marks stay to be walked.
  await verdict.getByRole('button', { name: 'Keep what was found' }).click();
  await expect(verdict).toBeHidden();
  await expect(page.getByTestId('review-status')).toContainText(
    'We were not sure we read your resume right',
  );
  await expect(left).toHaveText(`${order.length - 2} left`);
  // the answer is kept: a reload does not ask again
  await page.reload();
  await expect(fullName).toHaveValue(name);
  await expect(verdict).toBeHidden();
});

test('a good read shows no verdict, and the last mark checked leaves "All checked"', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const resume = await generatedResume('verdict-good', { places: true });
  await signedIn(page);
  await upload(page, 'Good Read', resume.file);
  await expect(page.getByTestId('review-status')).toBeVisible();
  await expect(page.getByTestId('review-verdict')).toHaveCount(0);
  const notes = page.getByTestId('check-this');
  const count = await notes.count();
  if (shots) {
    await shoot(page, 'verdict-good-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('review-status')).toBeVisible();
    await shoot(page, 'verdict-good-390');
  }
  if (!count) {
    await expect(page.getByTestId('review-status')).toContainText('Nothing is marked to check');
    return;
  }
  const left = page.getByTestId('marks-left');
  await expect(left).toHaveText(`${count} left`);
  for (let i = count; i > 0; i--) {
    await page.getByRole('button', { name: 'Next place to check' }).click();
    await page
      .getByRole('button', { name: /^Looks right: / })
      .first()
      .click();
    await expect(left).toHaveText(i > 1 ? `${i - 1} left` : 'All checked');
  }
});
