/**
 * Sign-up and sign-in copy that matches what happens (issues 16 and 17): "Create Your Portfolio"
 * opens the sign-up tab, a verification link opened twice still says verified, and a refused
 * Google sign-in says "Google sign-in failed" once, with the reason below it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tokenLinkIn } from '../scripts/lib/mail.ts';
import { startServer } from '../scripts/lib/server-process.ts';
import { expect, newAccount, test as base, toast, type RunningServer } from './fixtures.ts';

/** This file's server: Google sign-in on (a client id) and e-mail verification required. */
const test = base.extend<object, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({
        GOOGLE_CLIENT_ID: 'folio-test.apps.googleusercontent.com',
        REQUIRE_EMAIL_VERIFICATION: 'true',
      });
      const outbox = path.join(server.dataDir, 'outbox');
      await use({
        baseURL: server.baseURL,
        dataDir: server.dataDir,
        async mailedLink(kind, to) {
          await expect
            .poll(() => fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => f.includes(to)))
            .toBe(true);
          const file = fs
            .readdirSync(outbox)
            .filter((f) => f.includes(`-${kind}-`) && f.includes(to))
            .sort()
            .at(-1)!;
          return tokenLinkIn(fs.readFileSync(path.join(outbox, file), 'utf8'))!;
        },
      });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

// Google's script, standing in (this machine reaches no Google): its button hands the app a token
// Google never issued.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    let callback: (r: { credential?: string }) => void = () => {};
    (window as unknown as { google: unknown }).google = {
      accounts: {
        id: {
          initialize: (o: { callback: typeof callback }) => (callback = o.callback),
          renderButton: (el: HTMLElement) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.textContent = 'Sign in with Google';
            b.onclick = () => callback({ credential: 'not-a-token-google-issued' });
            el.append(b);
          },
        },
      },
    };
  });
});

test('"Create Your Portfolio" opens the sign-up tab', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Create Your Portfolio', exact: true })
    .click();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
});

test('a verification link opened a second time still says the address is verified', async ({
  page,
  server,
}) => {
  const account = newAccount();
  const res = await page.request.post('/api/register', { data: account });
  expect(res.status()).toBe(201);
  const link = (await server.mailedLink('verify', account.email)).replace(/^https?:\/\/[^/]+/, '');
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  for (let i = 0; i < 2; i++) {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(page).toHaveURL(/\/verified-success$/);
  }
});

test('a refused Google sign-in says "Google sign-in failed" once, then the reason', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const shown = page.getByRole('region', { name: /Notifications/ }).getByTestId('toast');
  await expect(shown).toBeVisible();
  await expect(toast(page, 'Google sign-in failed')).toBeVisible();
  await expect(toast(page, 'Invalid token')).toBeVisible();
  // The phrase "… failed", in any wording, appears exactly once in the toast.
  const text = (await shown.innerText()).toLowerCase();
  expect(text.match(/google (sign-in|login) failed/g)).toEqual(['google sign-in failed']);
});
