import type { Browser, Page } from '@playwright/test';
import { sampleContent } from '../packages/renderer/src/sample-content.ts';
import { templateIds } from '../packages/core/src/templates.ts';
import { buyProThroughPayPal, expect, newAccount, withPayPal } from './fixtures.ts';
import type { FakePayPal } from '../apps/server/test/paypal-fake.ts';

/** A server with the local PayPal, so the account can be Pro and use every template. */
const test = withPayPal({ JOB_POLL_MS: '200' });

/**
 * Stored XSS: every string field of the portfolio content (contact, summary, experience,
 * projects, skills, custom sections, styles, settings) holds a hostile payload; the preview page
 * and the published site are opened in Chromium for every template. Nothing may execute (no
 * dialog, no `window.__pwned`, no page error), no request may leave for another origin, the
 * payload shows as text, and a CSP is sent.
 */

const EVIL = 'http://evil.example';
const textPayload = (tag: string) =>
  `"'><img src=x onerror="window.__pwned='${tag}';alert(1)"><script>window.__pwned='${tag}';alert(1)</script>` +
  `<svg onload="alert(1)"></svg><iframe src="javascript:alert(1)"></iframe><a href="javascript:alert(1)">x</a>` +
  `<img src="${EVIL}/t.png"><link rel=stylesheet href="${EVIL}/s.css"></textarea></style></title></script>{{constructor.constructor('alert(1)')()}}`;
const urlPayloads = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  `${EVIL}/x.png`,
  `//evil.example/x`,
  'vbscript:msgbox(1)',
];
const cssPayload = `red;background:url(${EVIL}/c.png)}</style><script>alert(1)</script><style>`;

const urlKey = /url|link|website|github|linkedin|twitter|portfolio|image|icon|favicon|email/i;
const cssKey = /color|font|size|height|theme|class|layout/i;

/** The sample content with every string leaf replaced by a payload fitting its kind. */
function hostile(value: unknown, path: string, n = { i: 0 }): unknown {
  if (typeof value === 'string') {
    n.i += 1;
    const key = path.split('.').pop() ?? '';
    if (urlKey.test(key)) return urlPayloads[n.i % urlPayloads.length];
    if (cssKey.test(key)) return cssPayload;
    return textPayload(path);
  }
  if (Array.isArray(value)) {
    if (path.endsWith('sectionOrder')) return value;
    return value.map((v, i) => hostile(v, `${path}.${i}`, n));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, hostile(v, path ? `${path}.${k}` : k, n)]),
    );
  }
  return value;
}

const content = (() => {
  const c = hostile(sampleContent, '') as typeof sampleContent;
  c.settings = { ...c.settings, showContactForm: true };
  c.styles = {
    global: { fontFamily: cssPayload, backgroundColor: cssPayload, textColor: cssPayload },
    sections: {
      summary: {
        backgroundColor: cssPayload,
        textColor: cssPayload,
        iconUrl: 'javascript:alert(1)',
        customClass: `x" onmouseover="alert(1)`,
      },
    },
  };
  // A field no longer in the model (ADR 0023): sent anyway, it is dropped, never rendered.
  (c.data as Record<string, unknown>).customSections = {
    [`<img src=x onerror=alert(1)>`]: [textPayload('custom')],
  };
  return c;
})();

interface Watch {
  dialogs: string[];
  foreign: string[];
  errors: string[];
}

async function watched(browser: Browser, baseURL: string): Promise<{ page: Page; seen: Watch }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen: Watch = { dialogs: [], foreign: [], errors: [] };
  const allowed = new URL(baseURL).port;
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    const sameServer =
      (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) && url.port === allowed;
    if (!sameServer) seen.foreign.push(r.url());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return { page, seen };
}

async function expectInert(page: Page, seen: Watch) {
  // Give handlers (onerror, onload) a moment to fire if they were going to.
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  expect(seen.dialogs, 'dialogs').toEqual([]);
  expect(seen.foreign, 'requests to another origin').toEqual([]);
  expect(seen.errors, 'page errors').toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  // The payload is shown as text, not dropped and not interpreted.
  await expect(page.getByText('<script>window.__pwned=', { exact: false }).first()).toBeAttached();
  // No injected element carries an event handler or points a frame or script elsewhere.
  expect(await page.locator('[onerror],[onload],[onclick],[onmouseover]').count()).toBe(0);
  expect(await page.locator('iframe, object, embed, script[src]').count()).toBe(0);
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:|#|tel:)/);
}

/** A new Pro account (bought through the local PayPal): every template, premium ones included. */
async function account(page: Page, paypal: FakePayPal) {
  const res = await page.request.post('/api/register', { data: newAccount() });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  await buyProThroughPayPal(page.request, auth, paypal);
  return auth;
}

test('hostile content in every field: the preview page runs nothing, for every template', async ({
  page,
  browser,
  baseURL,
  paypal,
}) => {
  test.setTimeout(180_000); // ten templates, each opened in a fresh context
  const auth = await account(page, paypal);
  const created = await page.request.post('/api/portfolios', {
    headers: auth,
    data: { name: 'Hostile preview', content },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  for (const template of templateIds) {
    const saved = await page.request.patch(`/api/portfolios/${id}`, {
      headers: auth,
      data: { template },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const tokenRes = await page.request.post('/api/preview/token', {
      headers: auth,
      data: { portfolio_id: id },
    });
    const { preview_token } = (await tokenRes.json()) as { preview_token: string };
    const { page: visitor, seen } = await watched(browser, baseURL!);
    const res = await visitor.goto(`/api/preview/${id}?token=${preview_token}`);
    expect(res?.status(), template).toBe(200);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('https:');
    await expectInert(visitor, seen);
    await visitor.context().close();
  }
});

test('hostile content in every field: the published site runs nothing, for every template', async ({
  page,
  browser,
  baseURL,
  paypal,
}) => {
  // Ten publishes and twenty visits: minutes on a loaded two-core machine.
  test.setTimeout(300_000);
  const auth = await account(page, paypal);
  const created = await page.request.post('/api/portfolios', {
    headers: auth,
    data: { name: 'Hostile site', content },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  let published = 0;

  for (const template of templateIds) {
    const saved = await page.request.patch(`/api/portfolios/${id}`, {
      headers: auth,
      data: { template },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const start = await page.request.post(`/api/publish/${id}`, { headers: auth });
    expect(start.status(), await start.text()).toBe(202);
    published += 1;
    let url: string | null = null;
    await expect
      .poll(
        async () => {
          const state = (await (
            await page.request.get(`/api/portfolios/${id}/site`, { headers: auth })
          ).json()) as { status: string; url: string | null; changedSincePublish: boolean };
          url = state.url;
          return state.status === 'live' && !state.changedSincePublish;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(url).toBeTruthy();
    const label = new URL(url!).hostname.split('.')[0]!;
    // The subdomain, and the path form on the app's own host.
    for (const address of [url!, `${baseURL}/s/${label}/`]) {
      const { page: visitor, seen } = await watched(browser, baseURL!);
      const res = await visitor.goto(address);
      expect(res?.status(), `${template} ${address}`).toBe(200);
      await expect(visitor.locator('body')).toHaveClass(new RegExp(`(^|\\s)t-${template}(\\s|$)`));
      const csp = res?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'none'");
      // Only the template's own script, by its hash (none for most templates).
      expect(csp).toMatch(/script-src ('none'|'sha256-[^']+')(;|$)/);
      await expectInert(visitor, seen);
      // The contact form posts to its own site only.
      const actions = await visitor
        .locator('form')
        .evaluateAll((fs) => fs.map((f) => (f as HTMLFormElement).action));
      for (const action of actions) expect(new URL(action).port).toBe(new URL(baseURL!).port);
      await visitor.context().close();
    }
  }
  expect(published).toBe(templateIds.length);
});
