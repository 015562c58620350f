import type { Page } from '@playwright/test';
import { premiumTemplateMessage } from '@folio/core';
import { expect, signedIn, test, toast } from './fixtures.ts';

/** A new account owning one portfolio, the page signed in as it. */
async function signUpWithPortfolio(page: Page) {
  const headers = await signedIn(page);
  const created = await page.request.post('/api/portfolios', {
    data: { name: `Folio ${Date.now()}` },
    headers,
  });
  expect(created.ok(), `create portfolio: ${created.status()}`).toBe(true);
  const { id } = await created.json();
  const getPortfolio = async () => {
    const r = await page.request.get(`/api/portfolios/${id}`, { headers });
    expect(r.ok()).toBe(true);
    return r.json();
  };
  return { id: id as number, getPortfolio };
}

/** The toast on screen (title and description), inside the notifications region. */
const shownToast = (page: Page) =>
  page.getByRole('region', { name: /Notifications/ }).getByTestId('toast');

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('the public gallery shows every template with thumbnails and a dismissible banner', async ({
  page,
}) => {
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(10);
  await expect(cards.getByText('Premium', { exact: true })).toHaveCount(7);
  await expect(card(page, 'Split Screen').getByText('Premium', { exact: true })).toHaveCount(0);
  await expect(card(page, 'Terminal').getByText('Premium', { exact: true })).toBeVisible();
  const thumbnail = card(page, 'Space Adventures').getByTestId('template-thumbnail').locator('img');
  await expect(thumbnail).toHaveAttribute('src', '/thumbnails/new.webp');
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(480);

  await card(page, 'Galactic').getByRole('button', { name: 'Preview Galactic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Galactic preview' });
  await expect(dialog.locator('iframe')).toHaveAttribute('src', '/api/templates/galactic/sample');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const banner = page.getByRole('region', { name: 'Premium templates' });
  await expect(banner.getByText('Unlock premium templates')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(cards).toHaveCount(10);
  await expect(page.getByText('Unlock premium templates')).toBeHidden();
});

test('picking a free template saves it at once; Continue to Preview goes on', async ({ page }) => {
  const { id, getPortfolio } = await signUpWithPortfolio(page);
  await page.goto(`/template-select?id=${id}`);

  await expect(card(page, 'Modern')).toHaveAttribute('data-selected', 'true');
  await expect(card(page, 'Modern').getByText('Selected').first()).toBeVisible();
  await expect(page.locator('[data-selected]')).toHaveCount(1);
  const continueButton = page.getByRole('button', { name: 'Continue to Preview' });
  await expect(continueButton).toBeEnabled();

  await card(page, 'Split Screen')
    .getByRole('button', { name: /^Select Template/ })
    .click();
  await expect(shownToast(page)).toContainText(
    /Template updated\s*Your portfolio template has been updated successfully\./,
  );

  await expect(card(page, 'Split Screen')).toHaveAttribute('data-selected', 'true');
  await expect(card(page, 'Modern')).not.toHaveAttribute('data-selected');
  expect((await getPortfolio()).template).toBe('splitscreen');

  await page.reload();
  await expect(card(page, 'Split Screen')).toHaveAttribute('data-selected', 'true');
  await expect(page.locator('[data-selected]')).toHaveCount(1);

  await continueButton.click();
  await expect(page).toHaveURL(new RegExp(`/preview\\?id=${id}$`));
});

test('a free user sees premium templates locked and cannot select them', async ({ page }) => {
  const { id, getPortfolio } = await signUpWithPortfolio(page);
  await page.goto(`/template-select?id=${id}`);

  const darkMode = card(page, 'Dark Mode');
  await expect(darkMode.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(darkMode.getByRole('button', { name: /Select Template/ })).toHaveCount(0);
  // Every premium card is locked; the three free ones can be picked.
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(7);

  await darkMode.getByTestId('template-thumbnail').click();
  // One assertion for title and text: a toast lasts 5 s, which a busy machine can outlast.
  const message = premiumTemplateMessage().replace(/[.,]/g, '\\$&');
  await expect(shownToast(page)).toContainText(new RegExp(`Premium Template\\s*${message}`));
  await expect(toast(page, 'Template updated')).toHaveCount(0);

  // The preview dialog offers the upgrade instead of a selection.
  await darkMode.getByRole('button', { name: 'Preview Dark Mode' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dark Mode preview' });
  await expect(dialog.getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Select Template' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close preview' }).click();

  await expect(darkMode).not.toHaveAttribute('data-selected');
  expect((await getPortfolio()).template).toBe('modern');
});

/** Shows the page this account with its plan fields changed (as /api/user would answer). */
async function asPlan(page: Page, plan: string, planExpiresAt: string | null) {
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), plan, planExpiresAt } });
  });
}

test('a Pro whose paid period has ended picks like Free; one still paid picks every template', async ({
  page,
}) => {
  const { id } = await signUpWithPortfolio(page);
  const day = 86_400_000;
  await asPlan(page, 'pro', new Date(Date.now() - day).toISOString());
  await page.goto(`/template-select?id=${id}`);
  await expect(card(page, 'Dark Mode').getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(7);

  await page.unrouteAll();
  await asPlan(page, 'pro', new Date(Date.now() + day).toISOString());
  await page.goto(`/template-select?id=${id}`);
  await expect(
    card(page, 'Dark Mode').getByRole('button', { name: 'Select Template Dark Mode' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(0);
});

test('category tabs filter the templates and work from the keyboard', async ({ page }) => {
  const { id } = await signUpWithPortfolio(page);
  await page.goto(`/template-select?id=${id}`);
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(10);

  await page.getByRole('tab', { name: /^Tech/ }).click();
  await expect(cards).toHaveCount(2);
  await expect(card(page, 'Developer')).toBeVisible();
  await expect(card(page, 'Terminal')).toBeVisible();

  // Arrow keys move between tabs (Radix roving focus, automatic activation).
  await page.getByRole('tab', { name: /^Tech/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Executive/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('No templates in this category yet')).toBeVisible();
  await expect(cards).toHaveCount(0);

  await page.getByRole('tab', { name: /^Creative/ }).click();
  await expect(cards).toHaveCount(4);
  await expect(card(page, 'Space Adventures')).toBeVisible();

  await page.getByRole('tab', { name: /^Academic/ }).click();
  await expect(page.getByText('No templates in this category yet')).toBeVisible();
  await page.getByRole('button', { name: 'Show all templates' }).click();
  await expect(cards).toHaveCount(10);
});

test('a bad id goes to the dashboard; an unknown one says the portfolio is not found', async ({
  page,
}) => {
  await signUpWithPortfolio(page);
  await page.goto('/template-select?id=abc');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/template-select?id=987654');
  await expect(page.getByText('Portfolio not found. Please go back and try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
