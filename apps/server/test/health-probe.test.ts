/**
 * /healthz and the database (docs/security.md, review of 2026-11-28): the check does not wait in the database's queue behind
 * a burst (a probe still waiting counts as alive while the last answer is recent), and it never
 * says "ok" for a database that is gone.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseProbe } from '../src/features/meta/routes.ts';
import { createTestContext } from './helpers.ts';

describe('databaseProbe', () => {
  it('answers from the last answer while a probe waits its turn, for a bounded time', async () => {
    let clock = 0;
    const waiting: (() => void)[] = [];
    let fail = false;
    const ask = () =>
      fail
        ? Promise.reject(new Error('connection refused'))
        : new Promise<void>((resolve) => waiting.push(resolve));
    const alive = databaseProbe(ask, () => clock);

    const settle = () => new Promise((r) => setImmediate(r));
    // Never answered yet: no news is not good news.
    expect(await alive()).toBe(false);
    waiting.shift()!();
    await settle();

    // It answered: while the next probe waits (a burst ahead of it), the database is alive...
    clock = 29_000;
    expect(await alive()).toBe(true);
    // ...but not for ever: a probe waiting 30 s past the last answer is a database not answering.
    clock = 31_000;
    expect(await alive()).toBe(false);
    expect(waiting).toHaveLength(1); // one probe at a time
    waiting.shift()!();
    await settle();
    expect(await alive()).toBe(true);

    // A probe that fails answers "down" at once, whatever answered before.
    waiting.shift()!();
    await settle();
    fail = true;
    expect(await alive()).toBe(false);
  });
});

it('/healthz answers 503 once the database is gone (not 200, not a 500)', async () => {
  const ctx = await createTestContext();
  try {
    // The first probe may still be connecting on a busy machine (it answers 503 until the
    // database has answered once): wait for the state, not for a time.
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/healthz' })).statusCode, { timeout: 30_000 })
      .toBe(200);
    await ctx.database.close();
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable' });
  } finally {
    await ctx.app.close().catch(() => {});
    fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  }
});
