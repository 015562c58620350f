import { addMonths, premiumTemplateMessage } from '@folio/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { portfolios, users } from '../src/db/schema.ts';
import { runPlanRenewals } from '../src/features/jobs/plan-renewals.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

describe('plan renewal job', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const t0 = new Date('2030-01-15T09:00:00Z');
  const hours = (n: number) => n * 3600_000;

  async function account(values: Partial<typeof users.$inferInsert>) {
    const { id } = await register(ctx.app);
    await ctx.app.db.update(users).set(values).where(eq(users.id, id));
    return id;
  }
  async function row(id: number) {
    const [r] = await ctx.app.db.select().from(users).where(eq(users.id, id));
    return r!;
  }

  it('refills Pro and Lifetime credits once a month, however often it runs', async () => {
    const pro = await account({
      plan: 'pro',
      planExpiresAt: addMonths(t0, 12),
      credits: 2,
      nextCreditRefillAt: addMonths(t0, 1),
    });
    const lifetime = await account({
      plan: 'lifetime',
      credits: 0,
      nextCreditRefillAt: addMonths(t0, 1),
    });
    const free = await account({ plan: 'free', credits: 1 });

    const early = await runPlanRenewals(ctx.app.db, new Date(addMonths(t0, 1).getTime() - 1));
    expect(early.refilled).toBe(0);
    expect((await row(pro)).credits).toBe(2);

    const due = new Date(addMonths(t0, 1).getTime() + hours(1));
    expect((await runPlanRenewals(ctx.app.db, due)).refilled).toBe(2);
    for (const id of [pro, lifetime]) {
      const r = await row(id);
      expect(r.credits).toBe(10);
      expect(r.nextCreditRefillAt).toEqual(addMonths(t0, 2));
      expect(r.creditsRefilledAt).toEqual(due);
    }
    expect((await row(free)).credits).toBe(1); // Free is never refilled

    // Credits spent after the refill stay spent when the job runs again that month.
    await ctx.app.db.update(users).set({ credits: 4 }).where(eq(users.id, pro));
    expect((await runPlanRenewals(ctx.app.db, due)).refilled).toBe(0);
    expect((await runPlanRenewals(ctx.app.db, new Date(due.getTime() + hours(48)))).refilled).toBe(
      0,
    );
    expect((await row(pro)).credits).toBe(4);

    // Next month: refilled again.
    const next = new Date(addMonths(t0, 2).getTime() + hours(1));
    expect((await runPlanRenewals(ctx.app.db, next)).refilled).toBe(2);
    expect((await row(pro)).credits).toBe(10);
  });

  it('refills once when two runs overlap', async () => {
    const id = await account({ plan: 'lifetime', credits: 1, nextCreditRefillAt: t0 });
    const now = new Date(t0.getTime() + hours(1));
    const results = await Promise.all([
      runPlanRenewals(ctx.app.db, now),
      runPlanRenewals(ctx.app.db, now),
    ]);
    // Other tests' accounts may be due too; this one counts once across both runs.
    const r = await row(id);
    expect(r.credits).toBe(10);
    expect(r.nextCreditRefillAt).toEqual(addMonths(t0, 1));
    expect(results[0].refilled + results[1].refilled).toBeGreaterThanOrEqual(1);
    await ctx.app.db.update(users).set({ credits: 3 }).where(eq(users.id, id));
    await Promise.all([runPlanRenewals(ctx.app.db, now), runPlanRenewals(ctx.app.db, now)]);
    expect((await row(id)).credits).toBe(3);
  });

  it('catches up after three months of downtime with one refill', async () => {
    const id = await account({ plan: 'lifetime', credits: 0, nextCreditRefillAt: t0 });
    const now = new Date(addMonths(t0, 3).getTime() + hours(24 * 5));
    const before = await runPlanRenewals(ctx.app.db, now);
    expect(before.refilled).toBeGreaterThanOrEqual(1);
    const r = await row(id);
    expect(r.credits).toBe(10);
    expect(r.nextCreditRefillAt).toEqual(addMonths(t0, 4));
    expect(r.nextCreditRefillAt! > now).toBe(true);

    await ctx.app.db.update(users).set({ credits: 6 }).where(eq(users.id, id));
    expect((await runPlanRenewals(ctx.app.db, now)).refilled).toBe(0);
    expect((await row(id)).credits).toBe(6);
  });

  it('drops a Pro whose paid period has ended to Free and keeps their portfolios', async () => {
    const id = await account({
      plan: 'pro',
      credits: 7,
      planExpiresAt: t0,
      // Due after the paid period ended: no refill for that month.
      nextCreditRefillAt: new Date(t0.getTime() + hours(0.5)),
    });
    const content = { data: {}, styles: {}, settings: {} };
    await ctx.app.db.insert(portfolios).values(
      [1, 2, 3].map((n) => ({
        userId: id,
        name: `Portfolio ${n} of ${id}`,
        domain: `p${n}-u${id}`,
        published: n === 1,
        content,
      })),
    );
    const stillPro = await account({ plan: 'pro', planExpiresAt: addMonths(t0, 1) });

    const before = await runPlanRenewals(ctx.app.db, new Date(t0.getTime() - 1));
    expect((await row(id)).plan).toBe('pro');
    expect(before.expired).toBe(0);

    const result = await runPlanRenewals(ctx.app.db, new Date(t0.getTime() + hours(1)));
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const r = await row(id);
    expect(r.plan).toBe('free');
    expect(r.planExpiresAt).toEqual(t0); // when it ended stays on record
    expect(r.credits).toBe(7); // not refilled, not taken away
    expect(r.nextCreditRefillAt).toBeNull();
    const [kept] = await ctx.app.db
      .select({ n: count() })
      .from(portfolios)
      .where(eq(portfolios.userId, id));
    expect(kept!.n).toBe(3);
    expect((await row(stillPro)).plan).toBe('pro');

    const again = await runPlanRenewals(ctx.app.db, new Date(t0.getTime() + hours(2)));
    expect((await row(id)).plan).toBe('free');
    expect(again.expired).toBe(0);
  });

  it('schedules refills for paid accounts that have no date yet', async () => {
    const id = await account({ plan: 'lifetime', credits: 5, nextCreditRefillAt: null });
    const now = new Date('2031-06-01T00:00:00Z');
    await runPlanRenewals(ctx.app.db, now);
    const r = await row(id);
    expect(r.nextCreditRefillAt).toEqual(addMonths(now, 1));
    expect(r.credits).toBe(5);
  });

  it('runs at start-up and stops with the server', async () => {
    const id = await account({
      plan: 'pro',
      planExpiresAt: new Date(Date.now() - hours(1)),
      nextCreditRefillAt: null,
    });
    const app = await buildApp(ctx.settings, ctx.database, { logger: false });
    await app.ready();
    try {
      for (let i = 0; i < 100 && (await row(id)).plan !== 'free'; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await row(id)).plan).toBe('free');
    } finally {
      await app.close();
    }
  });
});

describe('plan checks when a paid period ends', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('holds a Pro past its paid-through date to Free limits before the job has run', async () => {
    const user = await register(ctx.app);
    const setExpiry = (planExpiresAt: Date) =>
      ctx.app.db.update(users).set({ plan: 'pro', planExpiresAt }).where(eq(users.id, user.id));
    const create = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portfolios',
        headers: bearer(user.token),
        payload,
      });

    await setExpiry(new Date(Date.now() + 3600_000));
    const ids: number[] = [];
    for (const [name, template] of [
      ['Galactic One', 'galactic'],
      ['Second', 'modern'],
      ['Third', 'terminal'],
    ]) {
      const res = await create({ name, template });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await create({ name: 'Fourth' })).json()).toMatchObject({ error: 'PLAN_LIMIT' });

    // The period ends; the renewal job has not run yet: every check already says Free.
    await setExpiry(new Date(Date.now() - 60_000));
    const premium = await create({ name: 'Premium Again', template: 'darkmode' });
    expect(premium.statusCode).toBe(403);
    expect(premium.json().message).toBe(premiumTemplateMessage());
    const another = await create({ name: 'Another' });
    expect(another.statusCode).toBe(403);
    expect(another.json().message).toBe(
      'Your Free plan allows 1 portfolio. Upgrade your plan or delete a portfolio first.',
    );
    const switchTemplate = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portfolios/${ids[1]}`,
      headers: bearer(user.token),
      payload: { template: 'cardflip' },
    });
    expect(switchTemplate.statusCode).toBe(403);

    // Nothing is deleted: all three portfolios are still there.
    const list = await ctx.app.inject({ url: '/api/portfolios', headers: bearer(user.token) });
    expect(list.json()).toHaveLength(3);
  });
});
