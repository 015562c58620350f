import { addMonths, paymentMessages } from '@folio/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { payments } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';

/*
 * What a buyer notices when PayPal's capture goes wrong in the ways PayPal's Orders v2 allows:
 * money is never taken without the plan, and the plan is applied exactly once.
 */

type Buyer = Awaited<ReturnType<typeof register>>;

const post = (app: FastifyInstance, buyer: Buyer, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(buyer.token), payload });

async function plan(app: FastifyInstance, buyer: Buyer) {
  const res = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(buyer.token) });
  return res.json<{ plan: string; planExpiresAt: string | null }>();
}

async function approvedOrder(app: FastifyInstance, fake: FakePayPal, buyer: Buyer, body: object) {
  const res = await post(app, buyer, '/api/paypal/create-order', body);
  expect(res.statusCode, res.body).toBe(200);
  const { orderID } = res.json<{ orderID: string }>();
  fake.approve(orderID);
  return orderID;
}

const complete = (app: FastifyInstance, buyer: Buyer, orderId: string) =>
  post(app, buyer, '/api/paypal/complete-order', { orderId });

async function row(app: FastifyInstance, orderId: string) {
  const [found] = await app.db.select().from(payments).where(eq(payments.paypalOrderId, orderId));
  return found!;
}

const captureRequests = (fake: FakePayPal, orderId: string) =>
  fake.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);

/** Pro monthly applied once: paid through one month after it was applied, not two. */
function expectProOnce(user: { plan: string; planExpiresAt: string | null }, appliedAt: Date) {
  expect(user.plan).toBe('pro');
  const until = new Date(user.planExpiresAt!).getTime();
  expect(until).toBeGreaterThanOrEqual(addMonths(appliedAt, 1).getTime() - 60_000);
  expect(until).toBeLessThan(addMonths(appliedAt, 2).getTime() - 86_400_000);
}

describe('PayPal capture failure paths', () => {
  let fake: FakePayPal;
  let ctx: TestContext;

  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext({
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('a PENDING capture (eCheck) is recorded as pending, blocks a second order, and is applied once when PayPal completes it', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    fake.nextCapture({ kind: 'pending', reason: 'ECHECK' });

    // Not a failure: accepted (202), pending, the plan starts when PayPal completes it.
    const res = await complete(ctx.app, buyer, orderId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      success: false,
      pending: true,
      message: paymentMessages.pending,
      user: { plan: 'free' },
    });
    expect((await plan(ctx.app, buyer)).plan).toBe('free');
    expect(await row(ctx.app, orderId)).toMatchObject({
      status: 'created',
      paypalStatus: 'PENDING',
    });

    // Completing again, or starting another purchase, neither applies nor charges twice.
    const again = await complete(ctx.app, buyer, orderId);
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(paymentMessages.pending);
    const second = await post(ctx.app, buyer, '/api/paypal/create-order', { plan: 'lifetime' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(paymentMessages.pending);
    expect(
      (await ctx.app.db.select().from(payments).where(eq(payments.userId, buyer.id))).length,
    ).toBe(1);

    // The reconciliation leaves it pending while PayPal does.
    expect(await ctx.app.billing.reconcile()).toMatchObject({ applied: 0, failed: 0 });
    expect((await plan(ctx.app, buyer)).plan).toBe('free');

    fake.settleCapture(orderId, 'COMPLETED');
    const appliedAt = new Date();
    expect(await ctx.app.billing.reconcile()).toMatchObject({ applied: 1 });
    expectProOnce(await plan(ctx.app, buyer), appliedAt);
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'completed' });

    // Again, and the buyer's own retry: still applied once.
    expect(await ctx.app.billing.reconcile()).toMatchObject({ checked: 0 });
    expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(200);
    expectProOnce(await plan(ctx.app, buyer), appliedAt);
  });

  it('the reconciliation is a scheduled job run at start-up: a server started after PayPal completed a pending capture applies it', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    fake.nextCapture({ kind: 'pending', reason: 'ECHECK' });
    expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(202);
    fake.settleCapture(orderId, 'COMPLETED');

    const appliedAt = new Date();
    const restarted = await buildApp(ctx.settings, ctx.database, { logger: false });
    await restarted.ready();
    try {
      // The start-up job runs in the background of the second app: wait for the payment's state,
      // as long as a loaded machine may need to get to it.
      await vi.waitFor(async () => expect((await row(ctx.app, orderId)).status).toBe('completed'), {
        timeout: 30_000,
        interval: 100,
      });
      expectProOnce(await plan(ctx.app, buyer), appliedAt);
    } finally {
      await restarted.close();
    }
  }, 90_000);

  it('a pending capture PayPal later declines is marked failed and nothing is applied', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.nextCapture({ kind: 'pending' });
    expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(202);

    fake.settleCapture(orderId, 'DECLINED');
    expect(await ctx.app.billing.reconcile()).toMatchObject({ failed: 1, applied: 0 });
    expect(await row(ctx.app, orderId)).toMatchObject({
      status: 'failed',
      paypalStatus: 'DECLINED',
    });
    expect((await plan(ctx.app, buyer)).plan).toBe('free');
    // No longer open: the buyer can start again.
    const again = await post(ctx.app, buyer, '/api/paypal/create-order', { plan: 'lifetime' });
    expect(again.statusCode).toBe(200);
  });

  it('a DECLINED capture inside a 201 answer is a failed payment; nothing is applied', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.nextCapture({ kind: 'declined' });

    const res = await complete(ctx.app, buyer, orderId);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(`The payment was declined. ${paymentMessages.failed}`);
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'failed' });
    expect((await plan(ctx.app, buyer)).plan).toBe('free');
    expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(402);
    expect((await plan(ctx.app, buyer)).plan).toBe('free');
  });

  it.each(['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'])(
    '%s: not applied; the buyer is restarted in PayPal (PAYMENT_RESTART) and the order needs a new approval',
    async (issue) => {
      const buyer = await register(ctx.app);
      const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
      fake.failNextCapture(issue);
      const res = await complete(ctx.app, buyer, orderId);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'PAYMENT_RESTART',
        message: paymentMessages.restart,
      });
      expect(await row(ctx.app, orderId)).toMatchObject({ status: 'created', paypalStatus: issue });
      expect(fake.orders.get(orderId)?.status).toBe('CREATED');
      const early = await complete(ctx.app, buyer, orderId);
      expect(early.json().message).toMatch(/not approved/);
      expect((await plan(ctx.app, buyer)).plan).toBe('free');

      fake.approve(orderId); // the buyer picked another funding source
      const appliedAt = new Date();
      expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(200);
      expectProOnce(await plan(ctx.app, buyer), appliedAt);
    },
  );

  it('a 5xx after PayPal took the money: retried with the same PayPal-Request-Id, applied once', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    fake.nextCapture({ kind: 'error-after-capture' });
    const appliedAt = new Date();
    const res = await complete(ctx.app, buyer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expectProOnce(await plan(ctx.app, buyer), appliedAt);
    const sent = captureRequests(fake, orderId);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'completed' });
  });
});

/*
 * PAYPAL_TIMEOUT_MS applies to every PayPal call (token, create, capture, get). Here it is 5 s:
 * far above what an answer from the local PayPal takes even on a loaded machine, so only the
 * captures the test stalls or holds (for ten minutes, or until released) go past it.
 */
const CLIENT_TIMEOUT_MS = 5_000;
/** Longer than any test here: a stalled capture is answered only when the fake closes. */
const STALL_MS = 10 * 60_000;

describe('PayPal captures past the client timeout', () => {
  let fake: FakePayPal;
  let ctx: TestContext;

  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext({
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('a capture that stalls past the timeout but took the money: retried with the same request id, applied once', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    fake.nextCapture({ kind: 'stall', ms: STALL_MS });
    const appliedAt = new Date();
    const res = await complete(ctx.app, buyer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expectProOnce(await plan(ctx.app, buyer), appliedAt);
    const sent = captureRequests(fake, orderId);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.requestId).toBe(sent[0]!.requestId);
  }, 60_000);

  it('a capture PayPal never answers is left uncertain, blocks a new order, and the job applies it once', async () => {
    const buyer = await register(ctx.app);
    const orderId = await approvedOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    const gate = fake.hold((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);

    const res = await complete(ctx.app, buyer, orderId);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(paymentMessages.uncertain);
    expect(await row(ctx.app, orderId)).toMatchObject({
      status: 'created',
      paypalStatus: 'CAPTURE_UNCERTAIN',
    });
    const sent = captureRequests(fake, orderId);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(1);
    expect((await plan(ctx.app, buyer)).plan).toBe('free');
    const second = await post(ctx.app, buyer, '/api/paypal/create-order', { plan: 'lifetime' });
    expect(second.statusCode).toBe(409);

    // Not captured as PayPal tells it yet: the job leaves it uncertain (never voided or failed,
    // the request may still land).
    expect(await ctx.app.billing.reconcile()).toMatchObject({ open: 1, applied: 0, failed: 0 });
    expect(await row(ctx.app, orderId)).toMatchObject({ paypalStatus: 'CAPTURE_UNCERTAIN' });

    // PayPal gets to the held requests late: the first takes the money, the replays do not.
    gate.release();
    await vi.waitFor(() => expect(fake.orders.get(orderId)?.status).toBe('COMPLETED'), {
      timeout: 30_000,
      interval: 50,
    });
    const appliedAt = new Date();
    expect(await ctx.app.billing.reconcile()).toMatchObject({ applied: 1 });
    expectProOnce(await plan(ctx.app, buyer), appliedAt);
    expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(200);
    expectProOnce(await plan(ctx.app, buyer), appliedAt);
  }, 120_000);
});
