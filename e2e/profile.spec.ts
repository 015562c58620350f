/**
 * /profile: account fields, plan badge, paid-through date, credits bar colours with
 * denominator 10, Unlimited for Business, portfolio count against the plan's limit, Upgrade Plan
 * for Free. Plans other than Free cannot be reached without a payment, so those accounts are
 * shown to the page by answering /api/user with the plan changed (the purchase itself is covered
 * end to end in pricing.spec.ts).
 */
import fs from 'node:fs';
import { fixtureDocument } from '@folio/parser/fixtures';
import type { Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures.ts';

async function signIn(page: Page) {
  const account = newAccount();
  const res = await page.request.post('/api/register', { data: account });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token);
  return { account, auth: { Authorization: `Bearer ${token}` } };
}

/** Shows the page this account with some fields changed. */
async function asUser(page: Page, changes: Record<string, unknown>) {
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), ...changes } });
  });
}

const main = (page: Page) => page.getByRole('main');

test('a Free account: fields, Free badge, full green bar, 1 of 1 portfolios, Upgrade Plan', async ({
  page,
}) => {
  const { account, auth } = await signIn(page);
  await page.request.post('/api/portfolios', { headers: auth, data: { name: 'Only One' } });
  await page.goto('/profile');
  await expect(main(page)).toContainText(account.username);
  await expect(main(page)).toContainText(account.email);
  await expect(main(page)).toContainText(account.name);
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  await expect(page.getByTestId('plan-until')).toHaveCount(0);
  await expect(main(page)).toContainText('1 of 1');
  await expect(page.getByTestId('credits-value')).toHaveText('10 / 10');
  await expect(page.getByTestId('credits-bar')).toHaveAttribute('data-color', 'green');
  await main(page).getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('credits bar: yellow above 2, red at 2 and below, width out of 10', async ({ page }) => {
  await signIn(page);
  for (const [credits, color, width] of [
    [6, 'green', '60%'],
    [5, 'yellow', '50%'],
    [3, 'yellow', '30%'],
    [2, 'red', '20%'],
    [0, 'red', '0%'],
  ] as const) {
    await page.unrouteAll();
    await asUser(page, { credits });
    await page.goto('/profile');
    await expect(page.getByTestId('credits-value')).toHaveText(`${credits} / 10`);
    const bar = page.getByTestId('credits-bar');
    await expect(bar).toHaveAttribute('data-color', color);
    await expect(bar).toHaveAttribute('style', new RegExp(`width: ${width}`));
  }
});

test('a Pro account shows its paid-through date and no upgrade button', async ({ page }) => {
  await signIn(page);
  await asUser(page, { plan: 'pro', planExpiresAt: '2031-03-15T12:00:00.000Z', credits: 7 });
  await page.goto('/profile');
  await expect(page.getByTestId('plan-badge')).toHaveText('Pro');
  await expect(page.getByTestId('plan-until')).toHaveText('Pro until March 15, 2031');
  await expect(main(page)).toContainText('0 of 3');
  await expect(page.getByTestId('credits-value')).toHaveText('7 / 10');
  await expect(main(page).getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(0);
});

test('a Pro whose period has ended is shown as Free, with the upgrade button', async ({ page }) => {
  await signIn(page);
  await asUser(page, { plan: 'pro', planExpiresAt: '2020-01-31T00:00:00.000Z' });
  await page.goto('/profile');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  await expect(page.getByTestId('plan-until')).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();
});

test('Lifetime has no end date; Business shows Unlimited credits and portfolios', async ({
  page,
}) => {
  await signIn(page);
  await asUser(page, { plan: 'lifetime', planExpiresAt: null });
  await page.goto('/profile');
  await expect(page.getByTestId('plan-badge')).toHaveText('Lifetime');
  await expect(page.getByTestId('plan-until')).toHaveCount(0);
  await expect(main(page)).toContainText('0 of 5');

  await page.unrouteAll();
  await asUser(page, { plan: 'business', credits: 0 });
  await page.goto('/profile');
  await expect(page.getByTestId('plan-badge')).toHaveText('Business');
  await expect(page.getByTestId('credits-value')).toHaveText('Unlimited');
  await expect(page.getByTestId('credits-bar')).toHaveAttribute('data-color', 'green');
  await expect(page.getByTestId('credits-bar')).toHaveAttribute('style', /width: 100%/);
  await expect(main(page)).toContainText('0 (unlimited)');
  await expect(main(page).getByRole('link', { name: 'Upgrade Plan' })).toHaveCount(0);
});

test('the profile fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  await page.goto('/profile');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('after ten real parses a Free account is out of credits, and the server refuses the next', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { auth } = await signIn(page);
  // a generated one-column resume (corpus/fixtures.node.ts)
  const fileContent = fs
    .readFileSync((await fixtureDocument('onecol-pdf')).file)
    .toString('base64');
  const parse = () =>
    page.request.post('/api/parse-resume', {
      headers: auth,
      data: { filename: 'resume.pdf', fileContent },
      timeout: 60_000,
    });
  for (let i = 0; i < 10; i++) expect((await parse()).status()).toBe(200);
  const refused = await parse();
  expect(refused.status()).toBe(402);
  expect((await refused.json()).message).toBe(
    'You do not have enough credits to parse a resume. Please upgrade your plan',
  );

  await page.goto('/profile');
  await expect(page.getByTestId('credits-value')).toHaveText('0 / 10');
  await expect(page.getByTestId('credits-bar')).toHaveAttribute('data-color', 'red');
  await expect(main(page).getByRole('link', { name: 'Upgrade Plan' })).toBeVisible();

  await page.goto('/resume-upload');
  await expect(page.getByRole('alert').filter({ hasText: 'Insufficient Credits' })).toContainText(
    "You don't have enough credits to parse a resume. Please upgrade your plan or contact support.",
  );
  await expect(page.getByRole('button', { name: 'Upload and Parse Resume' })).toBeDisabled();
});
