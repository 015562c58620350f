/**
 * Published pages in Chromium (playwright-core, Debian's /usr/bin/chromium) through a real
 * listening server:
 * - in the path form (/s/{label}/ on the app's own origin) the page is sandboxed: its scripts
 *   run in an opaque origin and cannot read the app's local storage (the session token), while
 *   its styles, its template script and its contact form still work;
 * - inline styles and scripts are allowed by their hashes, so a script carrying the page's
 *   (public) nonce, as an injection would, does not run.
 */
import { existsSync } from 'node:fs';
import http from 'node:http';
import { sampleContent } from '@folio/renderer';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '../../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

const CHROMIUM = '/usr/bin/chromium';

let ctx: TestContext;
let browser: Browser;
let origin = '';
let port = 0;
let site = { id: 0, label: '' };
let ownerToken: string | null = null;

describe.skipIf(!existsSync(CHROMIUM))('published pages in Chromium', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ JOB_POLL_MS: '100' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
    origin = `http://127.0.0.1:${port}`;

    const owner = await register(ctx.app);
    ownerToken = owner.token;
    // Terminal (a premium template) is the one with a script (it types each prompt line).
    await ctx.app.db
      .update(users)
      .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(users.id, owner.id));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(owner.token),
      payload: { name: 'Sandboxed Site', template: 'terminal', content: sampleContent },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/publish/${id}`,
      headers: bearer(owner.token),
    });
    for (let i = 0; i < 400 && !site.label; i++) {
      const state = await ctx.app.inject({
        method: 'GET',
        url: `/api/portfolios/${id}/site`,
        headers: bearer(owner.token),
      });
      const { status, label } = state.json<{ status: string; label: string }>();
      if (status === 'live') site = { id, label };
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(site.label).not.toBe('');

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Site subdomains without DNS.
        '--host-resolver-rules=MAP *.folio.localhost 127.0.0.1',
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await ctx?.close();
  });

  /** A new page that records console errors and page errors. */
  async function watchedPage() {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      // The browser's own favicon request is no part of the page (and the web app, which
      // serves the icon, is not built when this test runs in a fresh clone).
      if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  /** What a script on the page sees and can do. */
  const inspect = (page: Page) =>
    page.evaluate(() => {
      let token: string | null;
      try {
        token = localStorage.getItem('jwt');
      } catch (err) {
        token = `blocked (${(err as Error).name})`;
      }
      return {
        origin: window.origin,
        token,
        // Styles applied: the shared stylesheet makes every box border-box.
        boxSizing: getComputedStyle(document.body).boxSizing,
        // The template's script ran: it marks the page before typing its prompt lines.
        scriptRan: document.documentElement.classList.contains('typing'),
      };
    });

  it("the path form runs sandboxed: its scripts cannot read the app's session token", async () => {
    const { page, errors } = await watchedPage();
    // The app, signed in, keeps its session token in local storage on its origin.
    await page.goto(`${origin}/healthz`);
    await page.evaluate(() => localStorage.setItem('jwt', 'secret-session-token'));
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBe('secret-session-token');

    const res = await page.goto(`${origin}/s/${site.label}/`);
    expect(res?.status()).toBe(200);
    const seen = await inspect(page);
    expect(seen.token).toMatch(/^blocked/);
    expect(seen).toMatchObject({ origin: 'null', boxSizing: 'border-box', scriptRan: true });
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain('sandbox allow-scripts allow-forms');
    expect(csp).not.toContain('allow-same-origin');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("a preview page runs sandboxed too: its scripts cannot read the app's session token", async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate(() => localStorage.setItem('jwt', 'secret-session-token'));
    errors.length = 0;
    const tokenRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/preview/token',
      headers: bearer(ownerToken),
      payload: { portfolio_id: site.id },
    });
    const { preview_token } = tokenRes.json<{ preview_token: string }>();
    const res = await page.goto(`${origin}/api/preview/${site.id}?token=${preview_token}`);
    expect(res?.status()).toBe(200);
    const seen = await inspect(page);
    expect(seen.token).toMatch(/^blocked/);
    expect(seen).toMatchObject({ origin: 'null', boxSizing: 'border-box', scriptRan: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the contact form on the path form still sends its message', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${origin}/s/${site.label}/`);
    const form = page.locator('form').first();
    await form.locator('[name=name]').fill('Browser Visitor');
    await form.locator('[name=email]').fill('browser.visitor@example.com');
    await form.locator('[name=subject]').fill('From a sandboxed page');
    await form.locator('[name=message]').fill('Sent through the path form.');
    await Promise.all([
      page.waitForURL(`**/s/${site.label}/contact`),
      form.locator('button[type=submit]').click(),
    ]);
    await expect.poll(() => page.textContent('body')).toContain('Message sent successfully!');
    const rows = await ctx.app.db
      .select({ subject: contactMessages.subject })
      .from(contactMessages)
      .where(eq(contactMessages.portfolioId, site.id));
    expect(rows).toContainEqual({ subject: 'From a sandboxed page' });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('the subdomain form runs unsandboxed, styles and script allowed by their hashes', async () => {
    const { page, errors } = await watchedPage();
    const address = `http://${site.label}.folio.localhost:${port}/`;
    const res = await page.goto(address);
    expect(res?.status()).toBe(200);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).not.toContain('sandbox');
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toContain('nonce-');
    const seen = await inspect(page);
    expect(seen).toMatchObject({
      origin: `http://${site.label}.folio.localhost:${port}`,
      boxSizing: 'border-box',
      scriptRan: true,
    });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("a script injected with the page's own nonce does not run", async () => {
    const page = await browser.newPage();
    const address = `http://${site.label}.folio.localhost:${port}/`;
    // As if an escaping mistake let markup in: the attacker copies the nonce from the public page.
    await page.route(address, async (route) => {
      const { headers, html } = await new Promise<{
        headers: Record<string, string>;
        html: string;
      }>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/', headers: { host: new URL(address).host } },
            (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (body += c));
              res.on('end', () =>
                resolve({ headers: res.headers as Record<string, string>, html: body }),
              );
            },
          )
          .on('error', reject);
      });
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
      delete headers['content-length'];
      await route.fulfill({
        status: 200,
        headers,
        body: html.replace(
          '</body>',
          `<script nonce="${nonce}">document.documentElement.dataset.injected = 'ran'</script></body>`,
        ),
      });
    });
    await page.goto(address);
    expect(await page.evaluate(() => document.documentElement.classList.contains('typing'))).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.dataset.injected ?? 'blocked')).toBe(
      'blocked',
    );
    await page.close();
  }, 60_000);
});
