import { addMonths } from '@folio/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, users } from '../../src/db/schema.ts';
import { runHostingExpiry } from '../../src/features/hosting/expiry-job.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

/**
 * The Free plan hosts a site for 3 months after the account's first publish (product.md, Plans).
 * The period belongs to the account: deleting a portfolio and publishing a new one must not
 * start a fresh 3 months.
 */

type SiteState = { status: string; hostingExpiresAt: string | null; hostingExpired: boolean };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '50' });
});
afterAll(() => ctx?.close());

const DAY = 86_400_000;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null) {
  return ctx.app.inject({ method, url, headers: bearer(token) });
}

async function newPortfolio(token: string | null, name: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name, content: { name, title: 'Engineer', about: 'Builds reliable things.' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

/** Publishes and waits until the publish job has put the site live. */
async function publish(id: number, token: string | null): Promise<SiteState> {
  const res = await call('POST', `/api/publish/${id}`, token);
  expect(res.statusCode, res.body).toBeLessThan(300);
  for (;;) {
    const state = (await call('GET', `/api/portfolios/${id}/site`, token)).json<SiteState>();
    if (state.status === 'live') return state;
    if (state.status === 'failed') throw new Error(`publishing ${id} failed`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Free hosting period', () => {
  it('is kept by the account: a deleted and recreated portfolio inherits it', async () => {
    const user = await register(ctx.app);
    const first = await newPortfolio(user.token, 'First Try');
    await publish(first, user.token);

    // Two months go by (the dates are moved back instead of the clock moved on).
    const publishedAt = new Date(Date.now() - 60 * DAY);
    await ctx.app.db
      .update(users)
      .set({ firstPublishedAt: publishedAt })
      .where(eq(users.id, user.id));
    await ctx.app.db
      .update(sites)
      .set({ firstPublishedAt: publishedAt })
      .where(eq(sites.portfolioId, first));
    const original = addMonths(publishedAt, 3).toISOString();

    expect((await call('DELETE', `/api/portfolios/${first}`, user.token)).statusCode).toBe(200);
    const second = await newPortfolio(user.token, 'Second Try');
    const state = await publish(second, user.token);
    expect(state.hostingExpiresAt).toBe(original);
    expect(state.hostingExpired).toBe(false);

    // The hosting job, which recomputes every site, agrees.
    await runHostingExpiry(ctx.app.db, {
      mailer: ctx.app.mailer,
      appUrl: ctx.settings.APP_URL,
      appName: 'Folio',
      invalidate: (key) => void ctx.app.sites.invalidate(key),
    });
    const after = (
      await call('GET', `/api/portfolios/${second}/site`, user.token)
    ).json<SiteState>();
    expect(after.hostingExpiresAt).toBe(original);
  });

  it('once ended, is not restarted by deleting the portfolio and publishing a new one', async () => {
    const user = await register(ctx.app);
    const first = await newPortfolio(user.token, 'Old Site');
    await publish(first, user.token);
    const longAgo = new Date(Date.now() - 100 * DAY);
    await ctx.app.db.update(users).set({ firstPublishedAt: longAgo }).where(eq(users.id, user.id));
    await ctx.app.db
      .update(sites)
      .set({ firstPublishedAt: longAgo })
      .where(eq(sites.portfolioId, first));

    expect((await call('DELETE', `/api/portfolios/${first}`, user.token)).statusCode).toBe(200);
    const second = await newPortfolio(user.token, 'New Site');
    const res = await call('POST', `/api/publish/${second}`, user.token);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/Hosting for this site has expired/);
    const state = (
      await call('GET', `/api/portfolios/${second}/site`, user.token)
    ).json<SiteState>();
    expect(state.status).toBe('draft');
  });
});
