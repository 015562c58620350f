import { addMonths, type PriceList } from '@folio/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { payments, users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';

type Buyer = Awaited<ReturnType<typeof register>>;

function paypalEnv(fake: FakePayPal, extra: Record<string, string> = {}) {
  return {
    PAYPAL_API_BASE: fake.baseUrl,
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    ...extra,
  };
}

async function createOrder(app: FastifyInstance, buyer: Buyer, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/paypal/create-order',
    headers: bearer(buyer.token),
    payload,
  });
}

async function completeOrder(app: FastifyInstance, buyer: Buyer, orderId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/paypal/complete-order',
    headers: bearer(buyer.token),
    payload: { orderId },
  });
}

async function currentUser(app: FastifyInstance, buyer: Buyer) {
  const res = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(buyer.token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ plan: string; planExpiresAt: string | null; credits: number }>();
}

/** Create → the buyer approves at PayPal → returns the order id, ready to complete. */
async function approvedOrder(
  app: FastifyInstance,
  fake: FakePayPal,
  buyer: Buyer,
  payload: object,
) {
  const res = await createOrder(app, buyer, payload);
  expect(res.statusCode, res.body).toBe(200);
  const { orderID } = res.json<{ orderID: string }>();
  fake.approve(orderID);
  return orderID;
}

const captures = (fake: FakePayPal, orderId: string) =>
  fake.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`).length;

describe('payments through PayPal Orders v2', () => {
  let fake: FakePayPal;
  let ctx: TestContext;

  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext(paypalEnv(fake));
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function spend(buyer: Buyer, credits: number) {
    await ctx.app.db.update(users).set({ credits }).where(eq(users.id, buyer.id));
  }

  it('upgrades to Pro monthly: plan, paid-through date a month on, credits back to 10', async () => {
    const buyer = await register(ctx.app);
    await spend(buyer, 3);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });

    const order = fake.orders.get(orderId)!;
    expect(order.intent).toBe('CAPTURE');
    expect(order.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '5.98' });
    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.paypalOrderId, orderId));
    expect(payment).toMatchObject({
      userId: buyer.id,
      plan: 'pro',
      interval: 'month',
      amountCents: 598,
      currency: 'USD',
      status: 'created',
    });
    expect(order.purchaseUnit.custom_id).toBe(payment!.reference);
    const create = fake.requests.find((r) => r.path === '/v2/checkout/orders');
    expect(create?.requestId).toBe(`create-${payment!.reference}`);

    const before = new Date();
    const res = await completeOrder(ctx.app, buyer, orderId);
    const after = new Date();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ id: buyer.id, plan: 'pro', credits: 10 });
    const expires = new Date(body.user.planExpiresAt as string);
    expect(expires >= addMonths(before, 1) && expires <= addMonths(after, 1)).toBe(true);

    expect(await currentUser(ctx.app, buyer)).toMatchObject({
      plan: 'pro',
      credits: 10,
      planExpiresAt: body.user.planExpiresAt,
    });
    const [done] = await ctx.app.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(done).toMatchObject({ status: 'completed', paypalStatus: 'COMPLETED' });
    expect(done!.captureId).toBe(fake.orders.get(orderId)!.capture!.id);
    expect(done!.completedAt).toBeInstanceOf(Date);
  });

  it('upgrades to Pro yearly, and a second purchase extends from the paid-through date', async () => {
    const buyer = await register(ctx.app);
    const before = new Date();
    const yearly = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'year' });
    expect(fake.orders.get(yearly)!.purchaseUnit.amount.value).toBe('59.80');
    const res = await completeOrder(ctx.app, buyer, yearly);
    expect(res.statusCode, res.body).toBe(200);
    const paidThrough = new Date(res.json().user.planExpiresAt as string);
    expect(paidThrough >= addMonths(before, 12)).toBe(true);
    expect(paidThrough <= addMonths(new Date(), 12)).toBe(true);

    const monthly = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    const again = await completeOrder(ctx.app, buyer, monthly);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.planExpiresAt).toBe(addMonths(paidThrough, 1).toISOString());
  });

  it('upgrades to Lifetime with no end date; buying Pro afterwards is refused', async () => {
    const buyer = await register(ctx.app);
    await spend(buyer, 0);
    const orderId = await approvedOrder(ctx.app, fake, buyer, {
      plan: 'lifetime',
      interval: 'once',
    });
    expect(fake.orders.get(orderId)!.purchaseUnit.amount.value).toBe('19.98');
    const res = await completeOrder(ctx.app, buyer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ plan: 'lifetime', planExpiresAt: null, credits: 10 });

    const pro = await createOrder(ctx.app, buyer, { plan: 'pro', interval: 'month' });
    expect(pro.statusCode).toBe(409);
    expect(pro.json().message).toBe('Your Lifetime plan already includes everything in Pro.');
    const twice = await createOrder(ctx.app, buyer, { plan: 'lifetime' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You already have the Lifetime plan.');
    expect(await currentUser(ctx.app, buyer)).toMatchObject({ plan: 'lifetime' });
  });

  it('refuses to let a Pro order downgrade an account that became Lifetime meanwhile', async () => {
    const buyer = await register(ctx.app);
    const proOrder = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    const lifetimeOrder = await approvedOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    expect((await completeOrder(ctx.app, buyer, lifetimeOrder)).statusCode).toBe(200);

    const res = await completeOrder(ctx.app, buyer, proOrder);
    expect(res.statusCode).toBe(409);
    expect(captures(fake, proOrder)).toBe(0); // nothing was taken
    expect(await currentUser(ctx.app, buyer)).toMatchObject({
      plan: 'lifetime',
      planExpiresAt: null,
    });
  });

  it('applies a replayed completion once', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    const first = await completeOrder(ctx.app, buyer, orderId);
    expect(first.statusCode).toBe(200);
    await spend(buyer, 7);

    const second = await completeOrder(ctx.app, buyer, orderId);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ success: true });
    expect(second.json().user).toMatchObject({
      plan: 'pro',
      credits: 7, // not reset again
      planExpiresAt: first.json().user.planExpiresAt, // not extended again
    });
    expect(captures(fake, orderId)).toBe(1);
  });

  it('applies two concurrent completions of one order once', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    const before = new Date();
    const results = await Promise.all([
      completeOrder(ctx.app, buyer, orderId),
      completeOrder(ctx.app, buyer, orderId),
      completeOrder(ctx.app, buyer, orderId),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const user = await currentUser(ctx.app, buyer);
    expect(new Date(user.planExpiresAt!) < addMonths(before, 2)).toBe(true);
    expect(
      new Set(results.map((r) => r.json<{ user: { planExpiresAt: string } }>().user.planExpiresAt)),
    ).toEqual(new Set([user.planExpiresAt]));
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(rows.map((r) => r.status)).toEqual(['completed']);
  });

  it('applies concurrent completions on two server processes sharing the database once', async () => {
    const other = await buildApp(ctx.settings, ctx.database, { logger: false });
    await other.ready();
    try {
      const buyer = await register(ctx.app);
      const orderId = await approvedOrder(ctx.app, fake, buyer, {
        plan: 'pro',
        interval: 'month',
      });
      const before = new Date();
      const [a, b] = await Promise.all([
        completeOrder(ctx.app, buyer, orderId),
        completeOrder(other, buyer, orderId),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const user = await currentUser(ctx.app, buyer);
      expect(user.plan).toBe('pro');
      // One month, not two.
      expect(new Date(user.planExpiresAt!) < addMonths(before, 2)).toBe(true);
      expect(fake.orders.get(orderId)!.status).toBe('COMPLETED');
    } finally {
      await other.close();
    }
  });

  it('refuses to complete an order created by another account', async () => {
    const alice = await register(ctx.app);
    const bob = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, alice, { plan: 'pro', interval: 'year' });

    const res = await completeOrder(ctx.app, bob, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Payment order not found' });
    expect(captures(fake, orderId)).toBe(0);
    expect(await currentUser(ctx.app, bob)).toMatchObject({ plan: 'free', planExpiresAt: null });
    expect(await currentUser(ctx.app, alice)).toMatchObject({ plan: 'free' });

    // Alice's order is untouched and still hers to complete.
    expect((await completeOrder(ctx.app, alice, orderId)).json().user.plan).toBe('pro');
  });

  it('answers 404 for an order id it never created', async () => {
    const buyer = await register(ctx.app);
    const res = await completeOrder(ctx.app, buyer, 'NOSUCHORDER123');
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['amount', { value: '0.01' }],
    ['currency', { currency_code: 'EUR' }],
  ])('refuses a capture whose %s differs from the order and refunds it', async (_, tamper) => {
    const buyer = await register(ctx.app);
    await spend(buyer, 2);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    fake.tamperCapture(orderId, tamper);

    const res = await completeOrder(ctx.app, buyer, orderId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'PAYMENT_FAILED' });
    expect(res.json().message).toBe(
      'The payment did not match the order. The payment has been refunded.',
    );
    expect(await currentUser(ctx.app, buyer)).toMatchObject({
      plan: 'free',
      credits: 2,
      planExpiresAt: null,
    });
    const [row] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.paypalOrderId, orderId));
    expect(row).toMatchObject({ status: 'refunded', paypalStatus: 'REFUND_COMPLETED' });
    expect(row!.captureId).toBe(fake.orders.get(orderId)!.capture!.id);
    expect(fake.refunds.filter((r) => r.orderId === orderId)).toHaveLength(1);

    const retry = await completeOrder(ctx.app, buyer, orderId);
    expect(retry.statusCode).toBe(402);
    expect(fake.refunds.filter((r) => r.orderId === orderId)).toHaveLength(1);
    expect(await currentUser(ctx.app, buyer)).toMatchObject({ plan: 'free' });
  });

  it('says the payment failed when the buyer has not approved it, and lets them retry', async () => {
    const buyer = await register(ctx.app);
    const created = await createOrder(ctx.app, buyer, { plan: 'pro', interval: 'month' });
    const { orderID } = created.json<{ orderID: string }>();

    const res = await completeOrder(ctx.app, buyer, orderID);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'PAYMENT_FAILED',
      message: 'The payment was not approved. Please try again or contact support.',
    });
    expect(await currentUser(ctx.app, buyer)).toMatchObject({ plan: 'free', planExpiresAt: null });
    const [row] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.paypalOrderId, orderID));
    expect(row).toMatchObject({ status: 'created', paypalStatus: 'ORDER_NOT_APPROVED' });

    fake.approve(orderID);
    const retry = await completeOrder(ctx.app, buyer, orderID);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().user.plan).toBe('pro');
  });

  it('asks the buyer to choose another way to pay when PayPal declines the funding source; nothing changes', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.failNextCapture();
    const res = await completeOrder(ctx.app, buyer, orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'PAYMENT_RESTART',
      message: 'PayPal declined this payment method. Please choose another way to pay.',
    });
    expect(await currentUser(ctx.app, buyer)).toMatchObject({ plan: 'free' });

    // As at PayPal, a declined instrument needs the buyer back in PayPal's window to pick another
    // funding source (actions.restart()): the order is not approved until then.
    const early = await completeOrder(ctx.app, buyer, orderId);
    expect(early.statusCode).toBe(402);
    expect(await currentUser(ctx.app, buyer)).toMatchObject({ plan: 'free' });
    fake.approve(orderId);
    const retry = await completeOrder(ctx.app, buyer, orderId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().user.plan).toBe('lifetime');
  });

  it('validates the purchase and needs a signed-in user', async () => {
    const buyer = await register(ctx.app);
    for (const payload of [
      { plan: 'business', interval: 'month' },
      { plan: 'free', interval: 'month' },
      { plan: 'pro', interval: 'once' },
      { plan: 'lifetime', interval: 'month' },
      { plan: 'pro' },
    ]) {
      const res = await createOrder(ctx.app, buyer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('VALIDATION');
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/paypal/create-order',
      payload: { plan: 'pro', interval: 'month' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noId = await ctx.app.inject({
      method: 'POST',
      url: '/api/paypal/complete-order',
      headers: bearer(buyer.token),
      payload: {},
    });
    expect(noId.statusCode).toBe(400);
  });

  it('ignores any price the client sends', async () => {
    const buyer = await register(ctx.app);
    const res = await createOrder(ctx.app, buyer, {
      plan: 'pro',
      interval: 'month',
      amount: '0.01',
      value: '0.01',
    });
    expect(res.statusCode).toBe(200);
    expect(fake.orders.get(res.json().orderID)!.purchaseUnit.amount.value).toBe('5.98');
  });

  it('reuses its OAuth token across calls', async () => {
    const tokenRequests = () => fake.requests.filter((r) => r.path === '/v1/oauth2/token').length;
    const before = tokenRequests();
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    expect((await completeOrder(ctx.app, buyer, orderId)).statusCode).toBe(200);
    expect(before).toBeGreaterThan(0);
    expect(tokenRequests()).toBe(before);
  });
});

describe('sale pricing', () => {
  let fake: FakePayPal;
  const contexts: TestContext[] = [];

  beforeAll(async () => {
    fake = await startFakePayPal();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await fake?.close();
  });

  async function orderAmounts(saleEndsAt: string) {
    const ctx = await createTestContext(
      paypalEnv(fake, { SALE_PERCENT: '50', SALE_ENDS_AT: saleEndsAt }),
    );
    contexts.push(ctx);
    const amounts: string[] = [];
    for (const payload of [
      { plan: 'pro', interval: 'month' },
      { plan: 'pro', interval: 'year' },
      { plan: 'lifetime', interval: 'once' },
    ]) {
      const buyer = await register(ctx.app);
      const orderId = await approvedOrder(ctx.app, fake, buyer, payload);
      amounts.push(fake.orders.get(orderId)!.purchaseUnit.amount.value);
      const done = await completeOrder(ctx.app, buyer, orderId);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().user.plan).toBe(payload.plan);
    }
    return amounts;
  }

  it('charges the sale price while the sale runs, as the price list says', async () => {
    const future = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    expect(await orderAmounts(future)).toEqual(['2.99', '29.90', '9.99']);
    const list = await contexts.at(-1)!.app.inject({ method: 'GET', url: '/api/billing/prices' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      paymentsEnabled: true,
      currency: 'USD',
      sale: { percent: 50, endsAt: future },
    });
    const { prices } = list.json<PriceList>();
    expect(prices.map((p) => p.cents)).toEqual([299, 2990, 999]);
  });

  it('charges the regular price after the sale ended', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await orderAmounts(past)).toEqual(['5.98', '59.80', '19.98']);
  });
});

describe('payments without PayPal settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 on both endpoints, with no fake success', async () => {
    const buyer = await register(ctx.app);
    const create = await createOrder(ctx.app, buyer, { plan: 'pro', interval: 'month' });
    const complete = await completeOrder(ctx.app, buyer, 'ANYORDER');
    for (const res of [create, complete]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error: 'NOT_CONFIGURED',
        message: 'Payments are not configured on this server',
      });
    }
    expect(await currentUser(ctx.app, buyer)).toMatchObject({ plan: 'free' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/billing/prices' });
    expect(list.json()).toMatchObject({ paymentsEnabled: false, sale: null });
  });
});

describe('payments when PayPal refuses our credentials', () => {
  let fake: FakePayPal;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext(paypalEnv(fake, { PAYPAL_CLIENT_SECRET: 'wrong-secret' }));
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('says the order could not be created and records the failure', async () => {
    const buyer = await register(ctx.app);
    const res = await createOrder(ctx.app, buyer, { plan: 'pro', interval: 'month' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      error: 'PAYMENT_UNAVAILABLE',
      message: 'Failed to create payment order',
    });
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', paypalOrderId: null });
    expect(rows[0]!.failureReason).toMatch(/invalid_client/);
  });
});

describe('what the pricing page needs to load PayPal', () => {
  let fake: FakePayPal;
  const contexts: TestContext[] = [];
  beforeAll(async () => {
    fake = await startFakePayPal();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await fake?.close();
  });

  async function context(env: Record<string, string>) {
    const ctx = await createTestContext(env);
    contexts.push(ctx);
    return ctx;
  }

  it('exposes the client id and SDK address, and lets the page load the SDK from there', async () => {
    const ctx = await context(paypalEnv(fake, { PAYPAL_SDK_URL: fake.sdkUrl }));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      paypalClientId: fake.clientId,
      paypalSdkUrl: fake.sdkUrl,
    });
    const csp = String(res.headers['content-security-policy']);
    const origin = new URL(fake.sdkUrl).origin;
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*https://\\*\\.paypal\\.com ${origin}`));
    }

    // The stand-in answers like PayPal's: a script for the right client id, 400 otherwise.
    const sdk = await fetch(`${fake.sdkUrl}?client-id=${fake.clientId}&currency=USD`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('content-type')).toMatch(/javascript/);
    expect(await sdk.text()).toContain('window.paypal');
    expect((await fetch(`${fake.sdkUrl}?client-id=someone-else`)).status).toBe(400);
  });

  it('keeps PayPal’s own SDK and CSP by default, and hides a client id without its secret', async () => {
    const ctx = await context({ PAYPAL_CLIENT_ID: 'only-the-id' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ paypalClientId: null, paypalSdkUrl: null });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /script-src 'self' https:\/\/accounts\.google\.com https:\/\/\*\.paypal\.com;/,
    );
    const list = await ctx.app.inject({ method: 'GET', url: '/api/billing/prices' });
    expect(list.json()).toMatchObject({ paymentsEnabled: false });
  });

  it('says the order could not be created when PayPal fails, and records the attempt', async () => {
    const ctx = await context(paypalEnv(fake));
    const buyer = await register(ctx.app);
    fake.failNextCreate();
    const res = await createOrder(ctx.app, buyer, { plan: 'lifetime' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: 'Failed to create payment order' });
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(rows).toMatchObject([{ status: 'failed', plan: 'lifetime', amountCents: 1998 }]);
    // The next attempt goes through.
    expect((await createOrder(ctx.app, buyer, { plan: 'lifetime' })).statusCode).toBe(200);
  });
});
