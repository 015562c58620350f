/**
 * /profile changes: the display name, the password (another browser signed in as the same user
 * is signed out, this one stays) and the e-mail (pending until the link mailed to the new
 * address is opened).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, newAccount, test } from './fixtures.ts';

async function signedIn(page: Page, token: string) {
  await page.addInitScript((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token);
}

async function otherBrowser(browser: Browser, baseURL: string, token: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signedIn(page, token);
  return { context, page };
}

test('a user changes name, password (signing out the other browser) and e-mail', async ({
  page,
  browser,
  server,
}) => {
  // Three changes, two browsers and a mail: longer than one page's steps on a busy machine.
  test.setTimeout(180_000);
  const account = newAccount();
  const reg = await page.request.post('/api/register', { data: account });
  expect(reg.status()).toBe(201);
  await signedIn(page, ((await reg.json()) as { token: string }).token);
  const login = await page.request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  const other = await otherBrowser(
    browser,
    server.baseURL,
    ((await login.json()) as { token: string }).token,
  );
  await other.page.goto('/profile');
  // The first visit of the worker's server loads the page's code: slow on a busy machine.
  await expect(other.page.getByTestId('profile-email')).toHaveText(account.email, {
    timeout: 30_000,
  });

  await page.goto('/profile');
  const main = page.getByRole('main');

  // Name: keyboard only, from the Change button to Save.
  await main.getByRole('button', { name: 'Change name' }).focus();
  await page.keyboard.press('Enter');
  const nameField = main.getByLabel('Full name');
  await expect(nameField).toBeFocused();
  await nameField.fill('');
  await page.keyboard.press('Enter');
  await expect(nameField).toHaveAccessibleDescription('Full name is required');
  await nameField.fill('Ada Lovelace');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');
  await expect(main.getByRole('button', { name: 'Change name' })).toBeFocused();

  // Password: a wrong current one is refused on its field; the right one signs the other out.
  const password = page.getByTestId('password-card');
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await password.getByLabel('Confirm new password').fill('brand-new-pass-2');
  await password.getByRole('button', { name: 'Change password' }).click();
  const current = password.getByLabel('Current password');
  await expect(current).toHaveAccessibleDescription('Your current password is not right.');
  await expect(current).toBeFocused();
  await current.fill(account.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText(
    'Password changed. Your other sessions have been signed out.',
  );

  await other.page.reload();
  await expect(other.page).toHaveURL(/\/auth/);
  await other.context.close();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');

  // E-mail: pending until the link from the mail is opened.
  const next = newAccount().email;
  await main.getByRole('button', { name: 'Change email' }).click();
  const form = main.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(next);
  await form.getByLabel('Current password').fill('brand-new-pass-2');
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  const pending = page.getByTestId('pending-email');
  await expect(pending).toContainText(`Pending: ${next}, check your inbox.`);
  await expect(page.getByTestId('profile-email')).toHaveText(account.email);
  await page.reload();
  await expect(pending).toContainText(next);
  await expect(page.getByTestId('profile-email')).toHaveText(account.email);

  const link = await server.mailedLink('email-change', next);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(next);
  await expect(pending).toHaveCount(0);
});

test('an address another account uses is refused on the e-mail field', async ({ page }) => {
  const account = newAccount();
  const taken = newAccount();
  expect((await page.request.post('/api/register', { data: taken })).status()).toBe(201);
  const reg = await page.request.post('/api/register', { data: account });
  await signedIn(page, ((await reg.json()) as { token: string }).token);
  await page.goto('/profile');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Change email' }).click();
  const form = main.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(taken.email);
  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByLabel('New email')).toHaveAccessibleDescription(
    'Email already registered',
  );
  await expect(form.getByLabel('New email')).toBeFocused();
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
});
