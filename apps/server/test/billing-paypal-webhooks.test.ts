import type { AddressInfo } from 'node:net';
import { addMonths, paymentMessages, readOnlyPortfolioMessage } from '@folio/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, paypalWebhookEvents, users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';

/*
 * PayPal's webhook notifications, sent signed by the local stand-in to the running server:
 * verified with PayPal before anything changes, applied once, and refunds and reversals take the
 * plan back as an ended Pro period does.
 */

type Buyer = Awaited<ReturnType<typeof register>>;

const post = (app: FastifyInstance, buyer: Buyer, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(buyer.token), payload });

async function account(app: FastifyInstance, buyer: Buyer) {
  const res = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(buyer.token) });
  return res.json<{ plan: string; planExpiresAt: string | null; credits: number }>();
}

async function billingStatus(app: FastifyInstance, buyer: Buyer) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/billing/status',
    headers: bearer(buyer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
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

/** An order whose capture PayPal holds as PENDING (an eCheck). */
async function pendingOrder(app: FastifyInstance, fake: FakePayPal, buyer: Buyer, body: object) {
  const orderId = await approvedOrder(app, fake, buyer, body);
  fake.nextCapture({ kind: 'pending', reason: 'ECHECK' });
  expect((await complete(app, buyer, orderId)).statusCode).toBe(202);
  return orderId;
}

/** A bought and applied plan. */
async function boughtOrder(app: FastifyInstance, fake: FakePayPal, buyer: Buyer, body: object) {
  const orderId = await approvedOrder(app, fake, buyer, body);
  const res = await complete(app, buyer, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

async function row(app: FastifyInstance, orderId: string) {
  const [found] = await app.db.select().from(payments).where(eq(payments.paypalOrderId, orderId));
  return found!;
}

const verifications = (fake: FakePayPal) =>
  fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;

describe('PayPal webhooks', () => {
  let fake: FakePayPal;
  let ctx: TestContext;
  let hook: string;

  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext({
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    hook = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/paypal/webhook`;
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('PAYMENT.CAPTURE.COMPLETED for a pending capture applies the plan once, however often it arrives', async () => {
    const buyer = await register(ctx.app);
    const orderId = await pendingOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    expect(await billingStatus(ctx.app, buyer)).toMatchObject({
      pending: { plan: 'pro', interval: 'month' },
      takenBack: null,
    });

    fake.settleCapture(orderId, 'COMPLETED');
    const before = verifications(fake);
    const appliedAt = new Date();
    const first = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.COMPLETED', orderId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ received: true, outcome: 'applied' });
    // Verified with PayPal before it acted.
    expect(verifications(fake)).toBe(before + 1);

    const user = await account(ctx.app, buyer);
    expect(user.plan).toBe('pro');
    const until = new Date(user.planExpiresAt!).getTime();
    expect(until).toBeGreaterThanOrEqual(addMonths(appliedAt, 1).getTime() - 60_000);
    expect(until).toBeLessThan(addMonths(appliedAt, 1).getTime() + 60_000);
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'completed' });
    expect(await billingStatus(ctx.app, buyer)).toMatchObject({ pending: null });

    // PayPal redelivers the same event; another notification of it; the job; the buyer's retry.
    expect((await fake.redeliver(hook, first.event)).body).toMatchObject({ outcome: 'duplicate' });
    expect((await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.COMPLETED', orderId)).body).toMatchObject(
      { outcome: 'kept' },
    );
    expect(await ctx.app.billing.reconcile()).toMatchObject({ checked: 0, applied: 0 });
    expect((await complete(ctx.app, buyer, orderId)).statusCode).toBe(200);
    expect((await account(ctx.app, buyer)).planExpiresAt).toBe(user.planExpiresAt);
  });

  it('a notification that does not verify is refused and changes nothing', async () => {
    const buyer = await register(ctx.app);
    const orderId = await pendingOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.settleCapture(orderId, 'COMPLETED');
    const count = async () => (await ctx.app.db.select().from(paypalWebhookEvents)).length;
    const events = await count();

    // Altered after PayPal signed it, a signature of something else, no signature headers.
    const altered = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.COMPLETED', orderId, {
      tamper: (event) => {
        event.resource.amount = { currency_code: 'USD', value: '0.01' };
      },
    });
    expect(altered.status).toBe(400);
    expect(altered.body).toMatchObject({ message: 'The webhook signature could not be verified.' });
    const forged = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.COMPLETED', orderId, {
      signature: Buffer.from('not a signature').toString('base64'),
    });
    expect(forged.status).toBe(400);
    const bare = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(altered.event),
    });
    expect(bare.status).toBe(400);

    expect((await account(ctx.app, buyer)).plan).toBe('free');
    expect(await row(ctx.app, orderId)).toMatchObject({
      status: 'created',
      paypalStatus: 'PENDING',
    });
    expect(await count()).toBe(events);
  });

  it('a verified event of a type not handled is answered and ignored', async () => {
    const buyer = await register(ctx.app);
    const orderId = await pendingOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.settleCapture(orderId, 'COMPLETED');
    const res = await fake.sendWebhook(hook, 'CHECKOUT.ORDER.APPROVED', orderId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'ignored' });
    expect((await account(ctx.app, buyer)).plan).toBe('free');
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'created' });
  });

  it('PAYMENT.CAPTURE.DENIED for a pending capture fails it; nothing is applied and the buyer may order again', async () => {
    const buyer = await register(ctx.app);
    const orderId = await pendingOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.settleCapture(orderId, 'DECLINED');
    const res = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.DENIED', orderId);
    expect(res.body).toMatchObject({ outcome: 'failed' });
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'failed' });
    expect((await account(ctx.app, buyer)).plan).toBe('free');
    expect(await billingStatus(ctx.app, buyer)).toMatchObject({ pending: null });
    const again = await post(ctx.app, buyer, '/api/paypal/create-order', { plan: 'lifetime' });
    expect(again.statusCode).toBe(200);
  });

  it('a refunded Lifetime takes the plan back: Free, extra portfolios read-only, and the profile says so', async () => {
    const buyer = await register(ctx.app);
    const orderId = await boughtOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    const ids: number[] = [];
    for (const name of ['First Site', 'Second Site']) {
      const res = await post(ctx.app, buyer, '/api/portfolios', { name });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }

    fake.refundCapture(orderId);
    const res = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.REFUNDED', orderId);
    expect(res.body).toMatchObject({ outcome: 'refunded' });
    expect(await account(ctx.app, buyer)).toMatchObject({ plan: 'free', planExpiresAt: null });
    const [userRow] = await ctx.app.db.select().from(users).where(eq(users.id, buyer.id));
    expect(userRow!.nextCreditRefillAt).toBeNull(); // no more monthly refills
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'refunded' });
    const status = await billingStatus(ctx.app, buyer);
    expect(status).toMatchObject({ takenBack: { plan: 'lifetime', kind: 'refunded' } });

    // The rules of an ended paid period: nothing deleted, what exceeds Free is read-only.
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portfolios/${ids[1]}`,
      headers: bearer(buyer.token),
      payload: { name: 'Second Site Renamed' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(readOnlyPortfolioMessage('free'));
    const list = await ctx.app.inject({ url: '/api/portfolios', headers: bearer(buyer.token) });
    expect(list.json()).toHaveLength(2);

    // Redelivered: applied once.
    expect((await fake.redeliver(hook, res.event)).body).toMatchObject({ outcome: 'duplicate' });
    // The buyer may buy again; then the profile no longer speaks of the refund.
    await boughtOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    expect(await billingStatus(ctx.app, buyer)).toMatchObject({ takenBack: null });
  });

  it('a partial refund keeps the plan', async () => {
    const buyer = await register(ctx.app);
    const orderId = await boughtOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.refundCapture(orderId, '1.00');
    const res = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.REFUNDED', orderId);
    expect(res.body).toMatchObject({ outcome: 'kept' });
    expect((await account(ctx.app, buyer)).plan).toBe('lifetime');
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'completed' });
  });

  it('a reversed second month of Pro ends the plan a month earlier; the first month stays', async () => {
    const buyer = await register(ctx.app);
    await boughtOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    const oneMonth = (await account(ctx.app, buyer)).planExpiresAt;
    const second = await boughtOrder(ctx.app, fake, buyer, { plan: 'pro', interval: 'month' });
    expect((await account(ctx.app, buyer)).planExpiresAt).not.toBe(oneMonth);

    fake.reverseCapture(second);
    const res = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.REVERSED', second);
    expect(res.body).toMatchObject({ outcome: 'reversed' });
    expect(await account(ctx.app, buyer)).toMatchObject({ plan: 'pro', planExpiresAt: oneMonth });
    expect(await row(ctx.app, second)).toMatchObject({ status: 'reversed' });
    expect(await billingStatus(ctx.app, buyer)).toMatchObject({
      takenBack: { plan: 'pro', kind: 'reversed' },
    });
  });

  it('the reconciliation job finds a refund whose webhook never came, and takes the plan back once', async () => {
    const buyer = await register(ctx.app);
    const orderId = await boughtOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.refundCapture(orderId);
    const result = await ctx.app.billing.reconcile();
    expect(result.revoked).toBeGreaterThanOrEqual(1);
    expect((await account(ctx.app, buyer)).plan).toBe('free');
    expect(await row(ctx.app, orderId)).toMatchObject({ status: 'refunded' });
    // The late webhook changes nothing more.
    const late = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.REFUNDED', orderId);
    expect(late.body).toMatchObject({ outcome: 'kept' });
  });
});

describe('PayPal webhooks without a webhook id', () => {
  let fake: FakePayPal;
  let ctx: TestContext;

  beforeAll(async () => {
    fake = await startFakePayPal();
    ctx = await createTestContext({
      PAYPAL_API_BASE: fake.baseUrl,
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('are refused (PayPal delivers again later) and change nothing; the job still settles the payment', async () => {
    const hook = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/paypal/webhook`;
    const buyer = await register(ctx.app);
    const orderId = await pendingOrder(ctx.app, fake, buyer, { plan: 'lifetime' });
    fake.settleCapture(orderId, 'COMPLETED');
    const res = await fake.sendWebhook(hook, 'PAYMENT.CAPTURE.COMPLETED', orderId);
    expect(res.status).toBe(503);
    expect((await account(ctx.app, buyer)).plan).toBe('free');
    expect(await ctx.app.billing.reconcile()).toMatchObject({ applied: 1 });
    expect((await account(ctx.app, buyer)).plan).toBe('lifetime');
    expect(paymentMessages.pending).toMatch(/starts when PayPal completes it/);
  });
});
