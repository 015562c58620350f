import type { Locator } from '@playwright/test';
import { expect, signedInWithPortfolio, test } from './fixtures.ts';

/**
 * Thumbnails show the user's own portfolio, drawn by the site's renderer: the dashboard card, every
 * template card of the template picker and its preview dialog. The sample persona (Jane Doe) only
 * stands in while the resume is still empty.
 */

const content = {
  data: {
    contact: { name: 'Priya Raman', title: 'Data Engineer' },
    summary: 'I build pipelines that people trust.',
    skills: { technical: ['Python', 'SQL'] },
  },
};

/** The page drawn inside a thumbnail box. */
const drawn = (box: Locator) => box.locator('iframe').contentFrame();

test('dashboard thumbnails, template cards and the template preview show the user’s own name', async ({
  page,
}) => {
  const { id } = await signedInWithPortfolio(page, { name: 'Data Portfolio', content });

  await page.goto('/dashboard');
  const thumb = page.getByTestId('portfolio-card').getByTestId('portfolio-thumbnail');
  await expect(drawn(thumb).getByText('Priya Raman').first()).toBeVisible();
  await expect(drawn(thumb).getByText('Jane Doe')).toHaveCount(0);

  await page.goto(`/template-select?id=${id}`);
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(10);
  for (const card of await cards.all()) {
    const box = card.getByTestId('template-thumbnail');
    await box.scrollIntoViewIfNeeded();
    await expect(drawn(box).getByText('Priya Raman').first()).toBeVisible();
    await expect(drawn(box).getByText('Jane Doe')).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Preview Split Screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Split Screen preview' });
  await expect(dialog.getByText('Shown with your content.')).toBeVisible();
  const full = dialog.locator('iframe').contentFrame();
  await expect(full.getByRole('heading', { name: 'Priya Raman' })).toBeVisible();
});

test('before there is any content, thumbnails show the sample persona', async ({ page }) => {
  const { id } = await signedInWithPortfolio(page, { name: 'Empty Portfolio' });
  await page.goto('/dashboard');
  const thumb = page.getByTestId('portfolio-card').getByTestId('portfolio-thumbnail');
  await expect(drawn(thumb).getByText('Jane Doe').first()).toBeVisible();

  await page.goto(`/template-select?id=${id}`);
  const first = page.getByTestId('template-card').first().getByTestId('template-thumbnail');
  await expect(drawn(first).getByText('Jane Doe').first()).toBeVisible();
});
