import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { addMonths, paymentMessages } from '@folio/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { buildApp } from '../../src/app.ts';
import { payments, users } from '../../src/db/schema.ts';
import {
  bearer,
  createTestContext,
  newUser,
  register,
  testDatabaseUrl,
  type TestContext,
} from '../helpers.ts';
import { startFakePayPal, type FakeGate, type FakePayPal } from '../paypal-fake.ts';

/*
 * Purchases never take money without applying it (ADR 15): an account has one open order at a
 * time, decided by the database between concurrent requests (one process or several); a newer
 * order voids an older one that was never captured; and a capture that can no longer be applied
 * (the account outgrew it meanwhile) is refunded, not dropped.
 */

type Buyer = Awaited<ReturnType<typeof register>>;

const isCreate = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path === '/v2/checkout/orders';
const isCaptureOf = (orderId: string) => (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path === `/v2/checkout/orders/${orderId}/capture`;

/** Waits for a state (polled), never for a fixed time. */
async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Sends requests that each try to open an order while PayPal holds order creation, and lets PayPal
 * answer once either all of them reached PayPal (each opened one: the weakness) or all but those
 * at PayPal were answered by the server. Answers the responses in request order.
 */
async function raceCreates<T extends { status: number }>(
  fake: FakePayPal,
  sends: (() => Promise<T>)[],
): Promise<T[]> {
  const gate: FakeGate = fake.hold(isCreate);
  let answered = 0;
  const pending = sends.map((send) =>
    send().then((res) => {
      answered += 1;
      return res;
    }),
  );
  try {
    await until(
      () =>
        gate.held() === sends.length ||
        (gate.held() > 0 && gate.held() + answered === sends.length),
      'the concurrent create-order requests',
    );
  } finally {
    gate.release();
  }
  return Promise.all(pending);
}

function paypalEnv(fake: FakePayPal) {
  return {
    PAYPAL_API_BASE: fake.baseUrl,
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
  };
}

describe('one open order per account (app.inject, PGlite or TEST_DATABASE_URL)', () => {
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

  const createOrder = (app: FastifyInstance, buyer: Buyer, payload: object) =>
    app
      .inject({
        method: 'POST',
        url: '/api/paypal/create-order',
        headers: bearer(buyer.token),
        payload,
      })
      .then((res) => Object.assign(res, { status: res.statusCode }));
  const completeOrder = (buyer: Buyer, orderId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/paypal/complete-order',
      headers: bearer(buyer.token),
      payload: { orderId },
    });
  async function approvedOrder(buyer: Buyer, payload: object) {
    const res = await createOrder(ctx.app, buyer, payload);
    expect(res.statusCode, res.body).toBe(200);
    const { orderID } = res.json<{ orderID: string }>();
    fake.approve(orderID);
    return orderID;
  }
  const rowsOf = (buyer: Buyer) =>
    ctx.app.db.select().from(payments).where(eq(payments.userId, buyer.id)).orderBy(payments.id);
  async function planOf(buyer: Buyer) {
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, buyer.id));
    return { plan: row!.plan, planExpiresAt: row!.planExpiresAt };
  }

  /** Every payment PayPal captured for the buyer is applied, or refunded at PayPal. */
  async function expectEveryCaptureAccountedFor(buyer: Buyer) {
    for (const row of await rowsOf(buyer)) {
      const capture = row.paypalOrderId ? fake.orders.get(row.paypalOrderId)?.capture : null;
      if (!capture) {
        expect(row.status, `payment ${row.id} was never captured`).not.toBe('completed');
        continue;
      }
      if (row.status === 'completed') expect(capture.status).toBe('COMPLETED');
      else {
        expect(row.status, `captured payment ${row.id}`).toBe('refunded');
        expect(capture.status).toBe('REFUNDED');
      }
    }
  }

  async function expectOneOrderOpened(buyer: Buyer, results: { status: number; body: string }[]) {
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(JSON.parse(refused.body)).toMatchObject({
      error: 'CONFLICT',
      message: paymentMessages.orderInProgress,
    });
    const rows = await rowsOf(buyer);
    expect(rows.map((r) => r.status)).toEqual(['created']);
    const orderId = JSON.parse(results.find((r) => r.status === 200)!.body).orderID as string;
    expect(rows[0]!.paypalOrderId).toBe(orderId);

    // The one order completes normally.
    fake.approve(orderId);
    const done = await completeOrder(buyer, orderId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.plan).toBe(rows[0]!.plan);
    await expectEveryCaptureAccountedFor(buyer);
  }

  it('two concurrent create-order requests (Lifetime and Pro) open exactly one order', async () => {
    const buyer = await register(ctx.app);
    const before = fake.requests.filter(isCreate).length;
    const results = await raceCreates(fake, [
      () => createOrder(ctx.app, buyer, { plan: 'lifetime' }),
      () => createOrder(ctx.app, buyer, { plan: 'pro', interval: 'month' }),
    ]);
    expect(fake.requests.filter(isCreate).length - before).toBe(1);
    await expectOneOrderOpened(buyer, results);
  });

  it('two server instances sharing the database open exactly one order between them', async () => {
    const other = await buildApp(ctx.settings, ctx.database, { logger: false });
    await other.ready();
    try {
      const buyer = await register(ctx.app);
      const results = await raceCreates(fake, [
        () => createOrder(ctx.app, buyer, { plan: 'pro', interval: 'year' }),
        () => createOrder(other, buyer, { plan: 'lifetime' }),
      ]);
      await expectOneOrderOpened(buyer, results);
    } finally {
      await other.close();
    }
  });

  it('a newer order voids an open one never captured; completing that one takes nothing', async () => {
    const buyer = await register(ctx.app);
    const pro = await approvedOrder(buyer, { plan: 'pro', interval: 'month' });
    const lifetime = await approvedOrder(buyer, { plan: 'lifetime' });
    expect((await rowsOf(buyer)).map((r) => r.status)).toEqual(['voided', 'created']);

    const stale = await completeOrder(buyer, pro);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'CONFLICT', message: paymentMessages.replaced });
    expect(fake.requests.filter(isCaptureOf(pro))).toHaveLength(0);
    expect((await planOf(buyer)).plan).toBe('free');

    expect((await completeOrder(buyer, lifetime)).statusCode).toBe(200);
    expect(await planOf(buyer)).toEqual({ plan: 'lifetime', planExpiresAt: null });
    await expectEveryCaptureAccountedFor(buyer);
  });

  it('a capture already under way when a newer order voids its order is still applied', async () => {
    const buyer = await register(ctx.app);
    const monthly = await approvedOrder(buyer, { plan: 'pro', interval: 'month' });
    const gate = fake.hold(isCaptureOf(monthly));
    const completing = completeOrder(buyer, monthly);
    await until(() => gate.held() === 1, 'the capture to reach PayPal');

    const yearly = await createOrder(ctx.app, buyer, { plan: 'pro', interval: 'year' });
    expect(yearly.statusCode, yearly.body).toBe(200);
    expect((await rowsOf(buyer)).filter((r) => r.status === 'created')).toHaveLength(1);

    gate.release();
    const first = await completing;
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.plan).toBe('pro');
    const yearlyId = yearly.json<{ orderID: string }>().orderID;
    fake.approve(yearlyId);
    const second = await completeOrder(buyer, yearlyId);
    expect(second.statusCode, second.body).toBe(200);
    expect((await rowsOf(buyer)).map((r) => r.status)).toEqual(['completed', 'completed']);
    // 1 + 12 months: both payments bought time.
    const paidThrough = new Date(
      second.json<{ user: { planExpiresAt: string } }>().user.planExpiresAt,
    );
    expect(paidThrough > addMonths(new Date(), 12)).toBe(true);
    expect(paidThrough <= addMonths(new Date(), 13)).toBe(true);
    await expectEveryCaptureAccountedFor(buyer);
  });

  it('a captured Pro payment the account outgrew meanwhile (Lifetime) is refunded, not dropped', async () => {
    const buyer = await register(ctx.app);
    const pro = await approvedOrder(buyer, { plan: 'pro', interval: 'month' });
    const gate = fake.hold(isCaptureOf(pro));
    const completing = completeOrder(buyer, pro);
    await until(() => gate.held() === 1, 'the Pro capture to reach PayPal');

    const lifetime = await approvedOrder(buyer, { plan: 'lifetime' });
    expect((await completeOrder(buyer, lifetime)).statusCode).toBe(200);
    gate.release();

    const res = await completing;
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      error: 'PAYMENT_FAILED',
      message: `Your Lifetime plan already includes everything in Pro. ${paymentMessages.refunded}`,
    });
    expect(fake.refunds.filter((r) => r.orderId === pro)).toHaveLength(1);
    expect((await rowsOf(buyer)).map((r) => r.status)).toEqual(['refunded', 'completed']);
    expect(await planOf(buyer)).toEqual({ plan: 'lifetime', planExpiresAt: null });
    await expectEveryCaptureAccountedFor(buyer);

    // Completing it again refunds nothing more.
    expect((await completeOrder(buyer, pro)).statusCode).toBe(402);
    expect(fake.refunds.filter((r) => r.orderId === pro)).toHaveLength(1);
  });

  it('a refund PayPal fails to make is tried again, once', async () => {
    const buyer = await register(ctx.app);
    const pro = await approvedOrder(buyer, { plan: 'pro', interval: 'year' });
    const gate = fake.hold(isCaptureOf(pro));
    const completing = completeOrder(buyer, pro);
    await until(() => gate.held() === 1, 'the Pro capture to reach PayPal');
    const lifetime = await approvedOrder(buyer, { plan: 'lifetime' });
    expect((await completeOrder(buyer, lifetime)).statusCode).toBe(200);
    fake.failNextRefund();
    gate.release();

    const res = await completing;
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      `Your Lifetime plan already includes everything in Pro. ${paymentMessages.refundPending}`,
    );
    expect((await rowsOf(buyer)).map((r) => r.status)).toEqual(['refund_due', 'completed']);
    expect(fake.orders.get(pro)!.capture!.status).toBe('COMPLETED'); // money still held

    const again = await completeOrder(buyer, pro);
    expect(again.json().message).toBe(
      `Your Lifetime plan already includes everything in Pro. ${paymentMessages.refunded}`,
    );
    expect(fake.refunds.filter((r) => r.orderId === pro)).toHaveLength(1);
    await expectEveryCaptureAccountedFor(buyer);
  });

  it('an order PayPal captured but the server never recorded is applied before a new one opens', async () => {
    const buyer = await register(ctx.app);
    const pro = await approvedOrder(buyer, { plan: 'pro', interval: 'month' });
    // The capture went through at PayPal, then the completing process stopped.
    const order = fake.orders.get(pro)!;
    order.status = 'COMPLETED';
    order.capture = {
      id: 'CAPTUREDELSEWHERE',
      status: 'COMPLETED',
      amount: order.purchaseUnit.amount,
    };

    const next = await createOrder(ctx.app, buyer, { plan: 'lifetime' });
    expect(next.statusCode, next.body).toBe(200);
    expect((await rowsOf(buyer)).map((r) => r.status)).toEqual(['completed', 'created']);
    expect((await planOf(buyer)).plan).toBe('pro');
    await expectEveryCaptureAccountedFor(buyer);
  });

  it('an open order without a PayPal id is waited for, then voided once abandoned', async () => {
    const buyer = await register(ctx.app);
    // A create-order still asking PayPal (or whose process stopped before PayPal answered).
    const [open] = await ctx.app.db
      .insert(payments)
      .values({
        userId: buyer.id,
        reference: randomBytes(8).toString('hex'),
        plan: 'pro',
        interval: 'month',
        amountCents: 598,
        regularCents: 598,
      })
      .returning();
    const refused = await createOrder(ctx.app, buyer, { plan: 'lifetime' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(paymentMessages.orderInProgress);

    await ctx.app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(payments.id, open!.id));
    const next = await createOrder(ctx.app, buyer, { plan: 'lifetime' });
    expect(next.statusCode, next.body).toBe(200);
    expect((await rowsOf(buyer)).map((r) => r.status)).toEqual(['voided', 'created']);
  });
});

describe('migration 0008 on a database with several open orders per account', () => {
  it('keeps the newest open, voids the rest, then holds one open order per account', async () => {
    const dir = path.resolve(import.meta.dirname, '../../drizzle');
    const db = new PGlite();
    const run = async (file: string) => {
      for (const statement of fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    };
    try {
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      const target = files.findIndex((f) => f.startsWith('0008_'));
      for (const f of files.slice(0, target)) await run(f);
      await db.exec(`
        insert into users (username, email) values ('a', 'a@example.com'), ('b', 'b@example.com');
        insert into payments (user_id, reference, plan, interval, amount_cents, regular_cents, status)
        values (1, 'r1', 'pro', 'month', 598, 598, 'created'),
               (1, 'r2', 'lifetime', 'once', 1998, 1998, 'created'),
               (1, 'r3', 'pro', 'month', 598, 598, 'completed'),
               (2, 'r4', 'pro', 'year', 5980, 5980, 'created');`);
      await run(files[target]!);
      const rows = await db.query<{ reference: string; status: string }>(
        'select reference, status from payments order by id',
      );
      expect(rows.rows.map((r) => `${r.reference}:${r.status}`)).toEqual([
        'r1:voided',
        'r2:created',
        'r3:completed',
        'r4:created',
      ]);
      await expect(
        db.exec(
          `insert into payments (user_id, reference, plan, interval, amount_cents, regular_cents)
           values (2, 'r5', 'pro', 'month', 598, 598)`,
        ),
      ).rejects.toThrow(/payments_one_open_per_user_idx/);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!testDatabaseUrl)('one open order per account across two server processes', () => {
  let fake: FakePayPal;
  let dbName: string;
  let dbUrl: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    fake = await startFakePayPal();
    dbName = `folio_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    const env = {
      ...paypalEnv(fake),
      DATABASE_URL: dbUrl,
      // One issuer for both: a session token from one process is valid at the other.
      APP_URL: 'http://folio.billing.test',
      WEB_DIST: path.join(os.tmpdir(), 'folio-no-web-build'),
    };
    // One after the other: the first applies the migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, 400_000);
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await fake?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  it('opens exactly one order when each process gets one of two concurrent requests', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const signUp = await fetch(`${a.baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newUser()),
    });
    expect(signUp.status).toBe(201);
    const { token, user } = (await signUp.json()) as { token: string; user: { id: number } };
    const order = (server: ServerProcess, payload: object) => async () => {
      const res = await fetch(`${server.baseURL}/api/paypal/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      return { status: res.status, body: await res.text() };
    };

    const results = await raceCreates(fake, [
      order(a, { plan: 'lifetime' }),
      order(b, { plan: 'pro', interval: 'month' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(JSON.parse(results.find((r) => r.status === 409)!.body).message).toBe(
      paymentMessages.orderInProgress,
    );
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const rows = await client.query<{ status: string }>(
        'select status from payments where user_id = $1',
        [user.id],
      );
      expect(rows.rows.map((r) => r.status)).toEqual(['created']);
    } finally {
      await client.end();
    }
  }, 120_000);
});
