import fs from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { tokenLinkIn } from '../scripts/lib/mail.ts';
import { startFakePayPal, type FakePayPal } from '../apps/server/test/paypal-fake.ts';
import { startServer } from '../scripts/lib/server-process.ts';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** The newest link mailed to `to` of that kind ('verify' or 'reset'), read from the outbox. */
  mailedLink(kind: string, to: string): Promise<string>;
}

function readLink(dataDir: string, kind: string, to: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.includes(`-${kind}-`) && f.includes(to))
    .sort();
  const newest = files.at(-1);
  if (!newest) return null;
  return tokenLinkIn(fs.readFileSync(path.join(dir, newest), 'utf8'));
}

/** Starts the real server (built web app, embedded database) once per worker. */
export const test = base.extend<
  { failOnConsoleError: void; page: Page },
  { server: RunningServer }
>({
  server: [
    // Playwright reads the fixture's dependencies from this (empty) pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      const { baseURL, dataDir } = server;
      await use({
        baseURL,
        dataDir,
        async mailedLink(kind, to) {
          for (let i = 0; i < 100; i++) {
            const link = readLink(dataDir, kind, to);
            if (link) return link;
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error(`no ${kind} mail for ${to}`);
        },
      });
      await server.stop();
    },
    // Starting the server can take over a minute on a loaded two-core machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  /**
   * After `goto`, a page is ready once its script has run: `html[data-ready="true"]` when the app
   * has rendered or hydrated it, `"static"` when a prerendered public page's islands are bound
   * (ADR 0010). A click before that would be lost. Pages that are not the app (published sites)
   * are ready when loaded.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled === false) return response; // nothing hydrates: the HTML is the page
      await page.waitForFunction(
        () => !document.getElementById('root') || document.documentElement.dataset.ready,
      );
      return response;
    };
    await use(page);
  },
  /** A console error in the page fails the test (style guide). */
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // Chromium logs every 4xx answer as a console error; those are expected API answers
        // (wrong password, signed out) that the tests assert through the UI instead.
        const expectedHttpError = /status of 4\d\d/.test(msg.text());
        // Playwright's own init scripts are refused by the script-less preview frame's documents:
        // the harness's doing, not the app's (the app strips scripts from previews).
        const harnessScript = /^Blocked script execution in 'about:(blank|srcdoc)'/.test(
          msg.text(),
        );
        if (msg.type() === 'error' && !expectedHttpError && !harnessScript) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use();
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Tests whose worker server takes payments through the local PayPal (Orders v2 API and its JS SDK
 * stand-in), with `env` added to the server's settings. `paypal` is that fake.
 */
export function withPayPal(env: Record<string, string> = {}) {
  return test.extend<{ paypal: FakePayPal }, { fakePayPal: FakePayPal }>({
    fakePayPal: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const fake = await startFakePayPal();
        await use(fake);
        await fake.close();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    server: [
      async ({ fakePayPal }, use) => {
        const server = await startServer({
          PAYPAL_API_BASE: fakePayPal.baseUrl,
          PAYPAL_SDK_URL: fakePayPal.sdkUrl,
          PAYPAL_CLIENT_ID: fakePayPal.clientId,
          PAYPAL_CLIENT_SECRET: fakePayPal.clientSecret,
          PAYPAL_WEBHOOK_ID: fakePayPal.webhookId,
          ...env,
        });
        await use({
          baseURL: server.baseURL,
          dataDir: server.dataDir,
          mailedLink: () => Promise.reject(new Error('no mail in these tests')),
        });
        await server.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    paypal: async ({ fakePayPal }, use) => {
      await use(fakePayPal);
    },
  });
}

/** Buys a month of Pro for the account behind `auth`, approved in the local PayPal. */
export async function buyProThroughPayPal(
  request: APIRequestContext,
  auth: Record<string, string>,
  paypal: FakePayPal,
) {
  const order = await request.post('/api/paypal/create-order', {
    headers: auth,
    data: { plan: 'pro', interval: 'month' },
  });
  expect(order.status()).toBe(200);
  const { orderID } = (await order.json()) as { orderID: string };
  paypal.approve(orderID);
  const done = await request.post('/api/paypal/complete-order', {
    headers: auth,
    data: { orderId: orderID },
  });
  expect(done.status()).toBe(200);
}

let seq = 0;
/** A unique, valid new account. */
export function newAccount() {
  seq += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${seq}`;
  return {
    username: `user${id}`,
    email: `user${id}@example.com`,
    name: `Jane Tester`,
    password: 'secret-pass-1',
  };
}

/** A toast with exactly this text, inside the notifications region (not its screen-reader echo). */
export function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
}

/**
 * Waits until the element's rendered width settles on `px` (to the whole pixel): drawers and
 * device frames animate, so a single measurement can land mid-transition (300.000007).
 */
export async function expectWidth(locator: Locator, px: number) {
  await expect.poll(async () => Math.round((await locator.boundingBox())?.width ?? -1)).toBe(px);
}

export interface SignedInPortfolio {
  id: number;
  auth: { Authorization: string };
}

/**
 * A new account, the page signed in as it from its next load on (init scripts run in every frame;
 * only the app's own window keeps the token: sandboxed previews have no storage). Returns the
 * account's API headers.
 */
export async function signedIn(page: Page): Promise<{ Authorization: string }> {
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((jwt: string) => {
    if (window === window.top) localStorage.setItem('jwt', jwt);
  }, token);
  return { Authorization: `Bearer ${token}` };
}

/** A new account owning one portfolio made from `portfolio`; the page is signed in as it. */
export async function signedInWithPortfolio(
  page: Page,
  portfolio: { name: string; template?: string; content?: unknown },
): Promise<SignedInPortfolio> {
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/portfolios', { headers: auth, data: portfolio });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto('/404');
  // Only the app's own window: sandboxed preview frames may not touch storage.
  await page.evaluate((t) => {
    if (window === window.top) localStorage.setItem('jwt', t);
  }, token);
  return { id, auth };
}
