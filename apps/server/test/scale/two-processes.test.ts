import { randomBytes } from 'node:crypto';
import { defaultContent } from '@folio/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser, testDatabaseUrl } from '../helpers.ts';

embeddedDatabaseOnly('it tries PostgreSQL itself, in the first pass');

/*
 * Two real server processes on one PostgreSQL database: what one does, the other sees. Runs in the
 * first (PGlite) pass of the tests when PostgreSQL answers on 127.0.0.1:5432; the second pass
 * (TEST_DATABASE_URL) would only repeat it.
 */
const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));
const redisAnswers = postgresAnswers && (await portAnswers(6379));

const call = (
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => apiCall(server.baseURL, method, path, body, token);

/** Starts two servers on one new database, with `env` on both. */
function pair(env: Record<string, string> = {}) {
  const state: {
    a?: ServerProcess;
    b?: ServerProcess;
    db?: Awaited<ReturnType<typeof throwawayDatabase>>;
  } = {};
  beforeAll(async () => {
    state.db = await throwawayDatabase();
    // One public address for both, as behind a load balancer (sessions name it as issuer).
    const shared = { DATABASE_URL: state.db.url, APP_URL: 'http://folio.test', ...env };
    // Both at once: migrations run under an advisory lock, so one applies them, the other waits.
    [state.a, state.b] = await Promise.all([startServer(shared), startServer(shared)]);
  }, 120_000);
  afterAll(async () => {
    await state.a?.stop();
    await state.b?.stop();
    await state.db?.drop();
  });
  return {
    get a() {
      return state.a!;
    },
    get b() {
      return state.b!;
    },
  };
}

describe.skipIf(!postgresAnswers)('two server processes on one PostgreSQL', () => {
  const servers = pair({ AUTH_RATE_LIMIT: '6' });

  it('a session made on A works on B, and logging out on B ends it on A', async () => {
    const { a, b } = servers;
    const user = newUser();
    const registered = await call(a, 'POST', '/api/register', user);
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;

    const me = await call(b, 'GET', '/api/user', undefined, token);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);

    const created = await call(b, 'POST', '/api/portfolios', { name: 'Made on B' }, token);
    expect(created.status).toBe(201);
    const listed = await call(a, 'GET', '/api/portfolios', undefined, token);
    expect(JSON.stringify(listed.body)).toContain('Made on B');

    expect((await call(b, 'POST', '/api/logout', {}, token)).status).toBe(200);
    expect((await call(a, 'GET', '/api/user', undefined, token)).status).toBe(401);
  });

  it('published on A, served by B; after a republish on A, B serves the new version', async () => {
    const { a, b } = servers;
    const registered = await call(a, 'POST', '/api/register', newUser());
    const token = registered.body.token as string;
    const content = defaultContent({ contact: { name: 'Grace Two' }, summary: 'First version.' });
    const created = await call(a, 'POST', '/api/portfolios', { name: 'Shared', content }, token);
    const id = created.body.id as number;

    const publishAndWait = async () => {
      expect((await call(a, 'POST', `/api/publish/${id}`, {}, token)).status).toBe(202);
      await expect
        .poll(
          async () => {
            const site = await call(a, 'GET', `/api/portfolios/${id}/site`, undefined, token);
            return site.body.status === 'live' && site.body.changedSincePublish === false;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      const site = await call(a, 'GET', `/api/portfolios/${id}/site`, undefined, token);
      return site.body.label as string;
    };
    const page = async (server: ServerProcess, label: string) =>
      (await fetch(`${server.baseURL}/s/${label}/`)).text();

    const label = await publishAndWait();
    expect(await page(b, label)).toContain('First version.');

    const edited = { ...content, data: { ...content.data, summary: 'Second version.' } };
    expect(
      (await call(a, 'PATCH', `/api/portfolios/${id}`, { content: edited }, token)).status,
    ).toBe(200);
    await publishAndWait();
    // B had the first version cached; the change reaches it through the database.
    await expect.poll(() => page(b, label), { timeout: 10_000 }).toContain('Second version.');
  });

  it('a rate limit counts the requests made to both processes together', async () => {
    const { a, b } = servers;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await call(server, 'POST', '/api/login', {
        username: 'nobody-here',
        password: 'wrong password',
      });
      statuses.push(res.status);
    }
    // Six attempts in the window in all (three on each), then both refuse.
    expect(statuses.slice(0, 6).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });
});

describe.skipIf(!redisAnswers)('two server processes with rate limits in Redis', () => {
  beforeAll(async () => {
    // Counters from an earlier run on this machine (same client address) would count here.
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys('folio-rate-limit:*');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const servers = pair({ AUTH_RATE_LIMIT: '4', REDIS_URL: 'redis://127.0.0.1:6379' });

  it('the limit holds across both processes', async () => {
    const { a, b } = servers;
    const username = `nobody-${randomBytes(4).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/login', {
        username,
        password: 'wrong password',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 4).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});

describe.skipIf(!postgresAnswers)('WORKERS', () => {
  it('WORKERS=2 on PostgreSQL starts two server processes on one port', async () => {
    const db = await throwawayDatabase();
    const server = await startServer({ DATABASE_URL: db.url, WORKERS: '2', LOG_LEVEL: 'info' });
    try {
      await expect
        .poll(() => server.output().match(/is running at/g)?.length ?? 0, { timeout: 60_000 })
        .toBe(2);
      const user = newUser();
      const registered = await call(server, 'POST', '/api/register', user);
      const token = registered.body.token as string;
      // Whichever worker answers, the session holds.
      for (let i = 0; i < 6; i++) {
        expect((await call(server, 'GET', '/api/user', undefined, token)).status).toBe(200);
      }
    } finally {
      await server.stop();
      await db.drop();
    }
  }, 120_000);

  it('WORKERS=2 on the embedded database runs one process and says why', async () => {
    const server = await startServer({ WORKERS: '2', LOG_LEVEL: 'info' });
    try {
      expect(server.output()).toContain('WORKERS=2 ignored');
      await expect
        .poll(() => server.output().match(/is running at/g)?.length ?? 0, { timeout: 30_000 })
        .toBe(1);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
