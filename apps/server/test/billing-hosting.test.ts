import { addMonths } from '@folio/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';

/**
 * A purchase moves the hosting end of the buyer's live sites in the transaction that changes the
 * plan: a site published on Free does not keep its 3-month end date until the hourly job.
 */
describe('a plan bought with sites already live', () => {
  let fake: FakePayPal;
  let ctx: TestContext;

  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext({
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      JOB_POLL_MS: '100',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function publishedPortfolio(token: string | null, name: string): Promise<number> {
    const created = await call('POST', '/api/portfolios', token, {
      name,
      content: { name, title: 'Engineer', about: 'Builds reliable things.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await call('POST', `/api/publish/${id}`, token)).statusCode).toBeLessThan(300);
    await expect
      .poll(async () => (await call('GET', `/api/portfolios/${id}/site`, token)).json().status, {
        timeout: 20_000,
      })
      .toBe('live');
    return id;
  }

  async function hostingEnds(token: string | null, id: number): Promise<string | null> {
    const list = await call('GET', '/api/portfolios', token);
    const row = list
      .json<{ id: number; hostingExpiresAt: string | null }[]>()
      .find((p) => p.id === id);
    return row!.hostingExpiresAt;
  }

  async function buy(token: string | null, payload: object) {
    const order = await call('POST', '/api/paypal/create-order', token, payload);
    expect(order.statusCode, order.body).toBe(200);
    const { orderID } = order.json<{ orderID: string }>();
    fake.approve(orderID);
    const done = await call('POST', '/api/paypal/complete-order', token, { orderId: orderID });
    expect(done.statusCode, done.body).toBe(200);
  }

  it('Lifetime: the Free end date is gone the moment the purchase completes', async () => {
    const buyer = await register(ctx.app);
    const id = await publishedPortfolio(buyer.token, 'Lifetime Buyer');
    const [site] = await ctx.app.db.select().from(sites).where(eq(sites.portfolioId, id));
    const freeEnd = addMonths(site!.firstPublishedAt!, 3).toISOString();
    expect(await hostingEnds(buyer.token, id)).toBe(freeEnd);

    await buy(buyer.token, { plan: 'lifetime', interval: 'once' });

    // No job has run: the purchase itself moved the date (unlimited hosting has none).
    expect(await hostingEnds(buyer.token, id)).toBeNull();
    const [after] = await ctx.app.db.select().from(sites).where(eq(sites.portfolioId, id));
    expect(after!.hostingExpiresAt).toBeNull();
  });

  it('Pro: the end date becomes the paid-through date + 3 months at once', async () => {
    const buyer = await register(ctx.app);
    const id = await publishedPortfolio(buyer.token, 'Pro Buyer');

    await buy(buyer.token, { plan: 'pro', interval: 'year' });

    const me = await call('GET', '/api/user', buyer.token);
    const paidThrough = new Date(me.json<{ planExpiresAt: string }>().planExpiresAt);
    expect(await hostingEnds(buyer.token, id)).toBe(addMonths(paidThrough, 3).toISOString());
  });
});
