/**
 * A new account is welcomed, not welcomed back: its first sign-in, right after
 * the e-mailed verification link, says "Login successful!" in the toast (it follows "Registration
 * successful!": verify, then log in) and "Welcome" on the dashboard; an account
 * over an hour old (here: the browser's clock two hours on) is welcomed back. One rule decides
 * both (`features/auth/utils/new-account.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { tokenLinkIn } from '../scripts/lib/mail.ts';
import { startServer } from '../scripts/lib/server-process.ts';
import { expect, newAccount, test as base, toast, type RunningServer } from './fixtures.ts';

/** This file's server: login waits for the e-mailed verification link. */
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ REQUIRE_EMAIL_VERIFICATION: 'true' });
      const outbox = path.join(server.dataDir, 'outbox');
      await use({
        baseURL: server.baseURL,
        dataDir: server.dataDir,
        async mailedLink(kind, to) {
          const mailed = () =>
            fs.existsSync(outbox)
              ? fs
                  .readdirSync(outbox)
                  .filter((f) => f.includes(`-${kind}-`) && f.includes(to))
                  .sort()
              : [];
          await expect.poll(() => mailed().length).toBeGreaterThan(0);
          return tokenLinkIn(fs.readFileSync(path.join(outbox, mailed().at(-1)!), 'utf8'))!;
        },
      });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** Registers (no session: verification is required) and opens the mailed link in `page`. */
async function registerAndVerify(page: Page, server: RunningServer) {
  const account = { ...newAccount(), name: 'Mary Jackson' };
  const res = await page.request.post('/api/register', { data: account });
  expect(res.status()).toBe(201);
  expect(((await res.json()) as { token: string | null }).token).toBeNull();
  const link = await server.mailedLink('verify', account.email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  return account;
}

async function logIn(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username or Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the first sign-in after verifying by e-mail says "Login successful!", not "Welcome back!"', async ({
  page,
  server,
}) => {
  const account = await registerAndVerify(page, server);
  await page.getByRole('link', { name: 'Go to log in' }).click();
  await logIn(page, account);

  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(toast(page, 'Welcome back!')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome, Mary Jackson' })).toBeVisible();
});

test('an account over an hour old is welcomed back, in the toast and on the dashboard', async ({
  page,
  server,
}) => {
  const account = await registerAndVerify(page, server);
  // The same account, two hours later by the browser's clock.
  await page.clock.install({ time: Date.now() + 2 * 60 * 60 * 1000 });
  await page.goto('/auth');
  await logIn(page, account);

  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(toast(page, 'Login successful!')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome back, Mary Jackson' })).toBeVisible();
});
