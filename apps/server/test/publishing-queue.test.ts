import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { JobQueue } from '../src/shared/job-queue.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** The durable job queue publishing runs on, driven step by step (no timers). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const silent = { child: () => silent, debug() {}, info() {}, warn() {}, error() {} } as never;
const jobRow = async (id: number) =>
  (await ctx.app.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const makeDue = (id: number) =>
  ctx.app.db.execute(sql`update jobs set run_at = now() - interval '1 second' where id = ${id}`);

describe('job queue', () => {
  it('retries a failing job with backoff, then marks it failed and reports it once', async () => {
    const queue = new JobQueue({ db: ctx.app.db, log: silent });
    const failures: string[] = [];
    let runs = 0;
    queue.register<{ n: number }>('flaky', {
      run: () => {
        runs += 1;
        return Promise.reject(new Error(`boom ${runs}`));
      },
      onFailed: (_p, error) => {
        failures.push(error);
        return Promise.resolve();
      },
    });
    const id = await queue.enqueue('flaky', { n: 1 }, { maxAttempts: 2 });
    const first = await queue.claim();
    expect(first?.id).toBe(id);
    await queue.execute(first!);
    const afterOne = await jobRow(id);
    expect(afterOne).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    expect(afterOne.runAt.getTime()).toBeGreaterThan(Date.now()); // backoff
    expect(await queue.claim()).toBeNull(); // not due yet

    await makeDue(id);
    await queue.execute((await queue.claim())!);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'boom 2' });
    expect(failures).toEqual(['boom 2']);
  });

  it('commits a handler’s writes together with "done", or not at all', async () => {
    const queue = new JobQueue({ db: ctx.app.db, log: silent });
    let fail = true;
    queue.register('writer', {
      run: async (_p, { tx, job }) => {
        await tx.execute(sql`insert into app_page_views (day, page, views)
                             values ('2000-01-01', ${`job-${job.id}`}, 1)`);
        if (fail) throw new Error('after the write');
      },
    });
    const id = await queue.enqueue('writer', {});
    await queue.execute((await queue.claim())!);
    const count = async () => {
      const result: unknown = await ctx.app.db.execute(
        sql`select count(*)::int as n from app_page_views where page = ${`job-${id}`}`,
      );
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(await count()).toBe(0); // rolled back with the failed attempt
    fail = false;
    await makeDue(id);
    await queue.execute((await queue.claim())!);
    expect(await count()).toBe(1);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('a claim left by a dead worker is taken again after its lease, and runs once', async () => {
    const dead = new JobQueue({ db: ctx.app.db, log: silent, leaseMs: 200 });
    const alive = new JobQueue({ db: ctx.app.db, log: silent, leaseMs: 200 });
    const ran: string[] = [];
    dead.register('lease', { run: () => Promise.resolve(void ran.push('dead')) });
    alive.register('lease', { run: () => Promise.resolve(void ran.push('alive')) });
    const id = await dead.enqueue('lease', {});
    const claimedByDead = await dead.claim(); // …and the process dies before running it
    expect(claimedByDead?.id).toBe(id);
    expect(await alive.claim()).toBeNull(); // the lease still holds
    await new Promise((r) => setTimeout(r, 400));
    const reclaimed = await alive.claim();
    expect(reclaimed).toMatchObject({ id, attempts: 2 });
    await alive.execute(reclaimed!);
    // Should the first worker wake up after all, its claim is gone: nothing runs twice.
    await dead.execute(claimedByDead!);
    expect(ran).toEqual(['alive']);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('keeps one queued job per dedupe key, and sweeps finished jobs', async () => {
    const queue = new JobQueue({ db: ctx.app.db, log: silent });
    queue.register('dedupe', { run: () => Promise.resolve() });
    const a = await queue.enqueue('dedupe', {}, { dedupeKey: 'k1' });
    const b = await queue.enqueue('dedupe', {}, { dedupeKey: 'k1' });
    expect(b).toBe(a);
    await queue.execute((await queue.claim())!);
    const c = await queue.enqueue('dedupe', {}, { dedupeKey: 'k1' });
    expect(c).not.toBe(a); // the first is done: a new one may queue
    expect(await queue.sweep(new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.db.select().from(jobs).where(eq(jobs.id, a))).toEqual([]);
    expect((await jobRow(c)).status).toBe('queued');
  });
});
