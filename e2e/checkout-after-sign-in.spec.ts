/**
 * A signed-out visitor who presses a paid plan signs in and comes back to that plan's checkout:
 * the confirm dialog opens where payments are taken; where they are not, the pricing
 * page says why, with the plan they picked.
 */
import type { Page } from '@playwright/test';
import { expect, newAccount, test, withPayPal } from './fixtures.ts';

const paid = withPayPal();

const card = (page: Page, plan: string) => page.getByTestId(`plan-card-${plan}`);

/** Logs in through the /auth form with a new account made over the API. */
async function logInThroughForm(page: Page) {
  const account = newAccount();
  const res = await page.request.post('/api/register', { data: account });
  expect(res.status()).toBe(201);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username or Email').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

paid('pressing yearly Pro signed out, then logging in, opens its checkout', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('radio', { name: /Yearly/ }).click();
  // The first press loads the app (ADR 0010); the switch answers once it has.
  await expect(page.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true');
  await expect(card(page, 'pro').getByTestId('plan-price')).toContainText('/ year');
  await card(page, 'pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/auth\?next=/);
  await logInThroughForm(page);

  await expect(page).toHaveURL(/\/pricing$/);
  const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Pro');
  // A year of Pro, the interval pressed before signing in.
  await expect(dialog.getByTestId('checkout-total')).toContainText('$59.80');
});

test('without payments, the plan still leads to sign-in and back, where the page says why', async ({
  page,
}) => {
  await page.goto('/pricing');
  const button = card(page, 'lifetime').getByRole('button', { name: 'Get Lifetime' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fpricing%3Fcheckout%3Dlifetime$/);
  await logInThroughForm(page);

  await expect(page).toHaveURL(/\/pricing$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Payments are not configured' }),
  ).toBeVisible();
  await expect(
    card(page, 'lifetime').getByRole('button', { name: 'Payments not configured' }),
  ).toBeDisabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a next address off this site is ignored after signing in', async ({ page }) => {
  await page.goto('/auth?next=%2F%2Fevil.example%2F');
  await logInThroughForm(page);
  await expect(page).toHaveURL(/\/dashboard$/);
});
