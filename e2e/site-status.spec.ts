/**
 * "Live" / "Unpublished changes" where the portfolio is edited: Preview &
 * Customize (where Resume and Customize are edited) and the template editor's top bar show the
 * same status badge as the dashboard and the publish page. Publish: "Live"; save an edit:
 * "Unpublished changes", at once; republish: "Live" alone again.
 */
import { expect, signedInWithPortfolio, test, toast } from './fixtures.ts';

test('publish, edit, republish: Preview & Customize and the editor top bar say Live or Unpublished changes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { id } = await signedInWithPortfolio(page, {
    name: 'Status Check',
    content: { name: 'Dorothy Vaughan', title: 'Mathematician', about: 'Computes trajectories.' },
  });
  const previewStatus = page.getByTestId('preview-site-status');
  const topBarStatus = page.getByTestId('editor-site-status');

  await page.goto(`/preview?id=${id}`);
  await expect(previewStatus).toHaveText('Draft');

  await page.getByRole('link', { name: 'Continue to Publish' }).click();
  await page.getByRole('button', { name: 'Publish Portfolio' }).click();
  await expect(page.getByTestId('publish-summary')).toContainText('Live.', { timeout: 20_000 });

  await page.goto(`/preview?id=${id}`);
  await expect(previewStatus).toHaveText('Live');
  await page.goto(`/template-editor?id=${id}`);
  await expect(topBarStatus).toHaveText('Live');

  // An edit saved in the Resume tab: not live yet, and the badge says so at once.
  await page.goto(`/preview?id=${id}`);
  await page.getByRole('tab', { name: 'Resume', exact: true }).click();
  await page.getByLabel('About you').fill('Leads the West Area Computing unit.');
  await expect(previewStatus).toHaveText('Live'); // unsaved: the live site still matches
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Content updated')).toBeVisible();
  await expect(previewStatus).toHaveText(/^Live\s*Unpublished changes$/);
  await page.goto(`/template-editor?id=${id}`);
  await expect(topBarStatus).toHaveText(/^Live\s*Unpublished changes$/);

  // Republished from the editor's top bar: live alone again, on both screens.
  await page.getByRole('link', { name: 'Update & Republish' }).click();
  await page.getByRole('button', { name: 'Update & Republish' }).click();
  await expect(page.getByTestId('publish-summary')).toContainText('Live.', { timeout: 20_000 });
  await page.goto(`/template-editor?id=${id}`);
  await expect(topBarStatus).toHaveText('Live');
  await page.goto(`/preview?id=${id}`);
  await expect(previewStatus).toHaveText('Live');
  await expect(previewStatus.getByText('Unpublished changes')).toHaveCount(0);
});
