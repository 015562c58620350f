import { expect, newAccount, test, toast } from './fixtures.ts';

/**
 * The "must show": a new user registers, lands on the dashboard, logs out, logs in with
 * the email instead of the username, resets the password through the mailed link, and logs in
 * with the new one.
 */
test('sign-up to sign-out, login by email, password reset by mailed link', async ({
  page,
  server,
}) => {
  const user = newAccount();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('form', { name: 'Create account' });
  await register.getByLabel('Username').fill(user.username);
  await register.getByLabel('Full Name').fill(user.name);
  await register.getByLabel('Email').fill(user.email);
  await register.getByLabel('Password', { exact: true }).fill(user.password);
  await register.getByLabel('Confirm Password').fill(user.password);
  await register.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeTruthy();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(toast(page, "You've been successfully logged out.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);

  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Username or Email').fill(user.email);
  await login.getByLabel('Password').fill(user.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Login successful!')).toBeVisible(); // a new account is not welcomed back

  // Forgot password, from a signed-out browser.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Check your inbox')).toBeVisible();

  const link = await server.mailedLink('reset', user.email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  const newPassword = 'a-brand-new-secret';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  const again = page.getByRole('form', { name: 'Log in' });
  await again.getByLabel('Username or Email').fill(user.username);
  await again.getByLabel('Password').fill(user.password);
  await again.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();

  await again.getByLabel('Password').fill(newPassword);
  await again.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
