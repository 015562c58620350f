import fs from 'node:fs';
import JSZip from 'jszip';
import { expect, newAccount, test, toast } from './fixtures.ts';

/**
 * /profile: "Download my data" saves one zip with the portfolio as a JSON Resume file;
 * "Delete my account" asks for the username and password, then everything is gone.
 */
test('download my data, then delete my account with confirmation', async ({ page }) => {
  const user = newAccount();
  const res = await page.request.post('/api/register', { data: user });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/portfolios', {
    headers: auth,
    data: { name: 'Grace Site', content: { name: 'Grace Hopper', title: 'Rear Admiral' } },
  });
  expect(created.status()).toBe(201);
  await page.goto('/404');
  await page.evaluate((t) => localStorage.setItem('jwt', t), token);

  await page.goto('/profile');
  const card = page.getByTestId('account-data');
  await expect(card.getByRole('heading', { name: 'Your data' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^folio-${user.username}-.*\\.zip$`));
  await expect(toast(page, 'Download started')).toBeVisible();
  const zip = await JSZip.loadAsync(fs.readFileSync(await download.path()));
  const resumeFile = Object.keys(zip.files).find((n) =>
    /portfolios\/\d+-Grace-Site\/resume\.json/.test(n),
  );
  expect(resumeFile).toBeTruthy();
  const resume = JSON.parse(await zip.file(resumeFile!)!.async('string')) as {
    basics: { name: string; label: string };
  };
  expect(resume.basics).toMatchObject({ name: 'Grace Hopper', label: 'Rear Admiral' });

  // Delete: nothing happens until the username is typed; a wrong password is refused in place.
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const confirmButton = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirmButton).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(user.username);
  await dialog.getByLabel('Password').fill('wrong password');
  await expect(confirmButton).toBeEnabled();
  await confirmButton.click();
  await expect(dialog.getByText('That password is not right.')).toBeVisible();
  expect((await page.request.get('/api/user', { headers: auth })).status()).toBe(200);

  // Cancel keeps the account; then do it for real.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel(/to confirm/).fill(user.username);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(toast(page, 'Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
  expect((await page.request.get('/api/user', { headers: auth })).status()).toBe(401);
  const login = await page.request.post('/api/login', {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(401);
});

test('the data card fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const user = newAccount();
  const res = await page.request.post('/api/register', { data: user });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.goto('/404');
  await page.evaluate((t) => localStorage.setItem('jwt', t), token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const card = page.getByTestId('account-data');
  await expect(card.getByRole('button', { name: 'Download my data' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const box = await page.getByRole('dialog').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
});
