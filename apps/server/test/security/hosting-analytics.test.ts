/**
 * Inflating a site's visitor counts over real HTTP (the fast path answers cached pages before
 * Fastify, the hook answers the first request): repeat views of one visitor count once per 30
 * minutes, and one address counts at most 20 views a day per site, whatever user agents it sends.
 */
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteAnalytics, VisitorGate } from '../../src/features/hosting/analytics.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let port = 0;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

/** A GET of the site's page as a browser sends it (through a proxy on this machine if `xff`). */
function visit(host: string, userAgent: string, xff?: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/',
        headers: { host, 'user-agent': userAgent, ...(xff ? { 'x-forwarded-for': xff } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
  });
}

async function publishedSite() {
  const owner = await register(ctx.app);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(owner.token),
    payload: { name: 'Counted Visits', content: { data: { contact: { name: 'Counted' } } } },
  });
  const id = created.json<{ id: number }>().id;
  await ctx.app.inject({ method: 'POST', url: `/api/publish/${id}`, headers: bearer(owner.token) });
  for (let i = 0; i < 200; i++) {
    const state = await ctx.app.inject({
      method: 'GET',
      url: `/api/portfolios/${id}/site`,
      headers: bearer(owner.token),
    });
    const { status, label } = state.json<{ status: string; label: string }>();
    if (status === 'live') return { id, host: `${label}.folio.localhost` };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the site never went live');
}

const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${100 + n}.0 Safari/537.36`;

async function total(id: number) {
  await ctx.app.sites.flushViews();
  return (await siteAnalytics(ctx.app.db, id)).total;
}

it('reloading a page does not add views: one visitor counts once', async () => {
  const { id, host } = await publishedSite();
  for (let i = 0; i < 10; i++) expect(await visit(host, browser(0))).toBe(200);
  expect(await total(id)).toBe(1);
  // Other visitors (other addresses behind the local proxy) each count.
  for (const address of ['198.51.100.1', '198.51.100.2', '2001:db8::1']) {
    expect(await visit(host, browser(0), address)).toBe(200);
    expect(await visit(host, browser(0), address)).toBe(200);
  }
  expect(await total(id)).toBe(4);
});

it('one address sending a new user agent each time counts at most 20 views a day', async () => {
  const { id, host } = await publishedSite();
  for (let i = 0; i < 60; i++) expect(await visit(host, browser(i), '203.0.113.9')).toBe(200);
  expect(await total(id)).toBe(20);
  // An IPv6 visitor changing addresses within its /64 is one address.
  for (let i = 0; i < 30; i++) {
    expect(await visit(host, browser(i), `2001:db8:1:2::${i.toString(16)}`)).toBe(200);
  }
  expect(await total(id)).toBe(40);
});

it('a visitor counts again after 30 minutes; nothing of the address or user agent is kept', () => {
  const gate = new VisitorGate();
  const t = Date.parse('2026-11-24T10:00:00Z');
  expect(gate.admit(7, '198.51.100.5', 'Firefox', t)).toBe(true);
  expect(gate.admit(7, '198.51.100.5', 'Firefox', t + 29 * 60_000)).toBe(false);
  expect(gate.admit(8, '198.51.100.5', 'Firefox', t + 29 * 60_000)).toBe(true);
  expect(gate.admit(7, '198.51.100.5', 'Firefox', t + 31 * 60_000)).toBe(true);
  const kept = JSON.stringify(gate, (_k, v: unknown) => (v instanceof Map ? [...v] : v));
  expect(kept).not.toMatch(/198\.51|Firefox/);
});
