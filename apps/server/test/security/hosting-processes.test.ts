/**
 * Two real server processes on one PostgreSQL: what takes a site down on A stops B serving it at
 * once. SITE_CACHE_SECONDS is 300, so only the notification through the database (LISTEN/NOTIFY
 * on `folio_sites`) can explain B dropping its cached copy within the few seconds polled here.
 * The site contact form's limit is counted in the shared rate-limit store, so both processes
 * count the same messages.
 * Runs in the first (PGlite) pass when PostgreSQL answers on 127.0.0.1:5432, like
 * scale/two-processes.test.ts.
 */
import http from 'node:http';
import { defaultContent } from '@folio/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser, testDatabaseUrl } from '../helpers.ts';

embeddedDatabaseOnly(
  'its server processes run on PGlite, and it tries PostgreSQL itself in the first pass',
);

const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));

const state: {
  a?: ServerProcess;
  b?: ServerProcess;
  db?: Awaited<ReturnType<typeof throwawayDatabase>>;
} = {};

/** A GET over a raw socket, so the Host header is the one given (fetch drops it). */
function get(server: ServerProcess, path: string, host?: string) {
  const { port } = new URL(server.baseURL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: host ? { host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}

/** Registers on A, publishes a portfolio showing `name`, waits until it is live; its label. */
async function publishedSite(name: string) {
  const a = state.a!;
  const user = newUser();
  const registered = await apiCall(a.baseURL, 'POST', '/api/register', user);
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const content = defaultContent({ contact: { name }, summary: `${name} summary.` });
  const created = await apiCall(a.baseURL, 'POST', '/api/portfolios', { name, content }, token);
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  expect((await apiCall(a.baseURL, 'POST', `/api/publish/${id}`, {}, token)).status).toBe(202);
  await expect
    .poll(
      async () =>
        (await apiCall(a.baseURL, 'GET', `/api/portfolios/${id}/site`, undefined, token)).body
          .status,
      { timeout: 30_000 },
    )
    .toBe('live');
  const site = await apiCall(a.baseURL, 'GET', `/api/portfolios/${id}/site`, undefined, token);
  return { user, token, id, label: site.body.label as string };
}

/** Marks `host` verified for portfolio `id` as the TXT check would (no DNS here); `plan` for its owner. */
async function verifiedOwnDomain(id: number, host: string, plan?: 'pro') {
  const db = new pg.Client({ connectionString: state.db!.url });
  await db.connect();
  try {
    await db.query(
      `update sites set own_domain = $1, own_domain_token = 'token', own_domain_verified_at = now()
         where portfolio_id = $2`,
      [host, id],
    );
    // Changing the claim is a Pro feature.
    if (plan) {
      await db.query(
        `update users set plan = $1, plan_expires_at = now() + interval '30 days'
         where id = (select user_id from portfolios where id = $2)`,
        [plan, id],
      );
    }
  } finally {
    await db.end();
  }
}

describe.skipIf(!postgresAnswers)('site cache drops reach every process', () => {
  beforeAll(async () => {
    state.db = await throwawayDatabase();
    const env = {
      DATABASE_URL: state.db.url,
      APP_URL: 'http://folio.test',
      SITE_CACHE_SECONDS: '300',
      JOB_POLL_MS: '100',
    };
    [state.a, state.b] = await Promise.all([startServer(env), startServer(env)]);
  }, 180_000);
  afterAll(async () => {
    await state.a?.stop();
    await state.b?.stop();
    await state.db?.drop();
  });

  it('an account deleted on A: B stops serving its site at once', async () => {
    const { user, token, label } = await publishedSite('Deleted Owner');
    const b = state.b!;
    // B reads the site into its cache (twice: the second answer comes from the cache).
    for (let i = 0; i < 2; i++) {
      const page = await get(b, `/s/${label}/`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Deleted Owner summary.');
    }

    const deleted = await apiCall(
      state.a!.baseURL,
      'DELETE',
      '/api/account',
      { confirm: user.username, password: user.password },
      token,
    );
    expect(deleted.status).toBe(200);
    await expect
      .poll(async () => (await get(b, `/s/${label}/`)).status, { timeout: 5000, interval: 100 })
      .toBe(404);
  }, 90_000);

  it('an own domain removed on A: B stops serving the site on it at once', async () => {
    const { token, id } = await publishedSite('Domain Owner');
    const host = `www.domain-owner-${id}.example`;
    await verifiedOwnDomain(id, host);
    const b = state.b!;
    for (let i = 0; i < 2; i++) {
      const page = await get(b, '/', host);
      expect(page.status).toBe(200);
      expect(page.body).toContain('Domain Owner summary.');
    }

    const removed = await apiCall(
      state.a!.baseURL,
      'DELETE',
      `/api/portfolios/${id}/own-domain`,
      undefined,
      token,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.ownDomain).toBeNull();
    await expect
      .poll(async () => (await get(b, '/', host)).body.includes('Domain Owner summary.'), {
        timeout: 5000,
        interval: 100,
      })
      .toBe(false);
  }, 90_000);
  it("a site's contact form limit counts the messages sent to both processes together", async () => {
    const { label } = await publishedSite('Busy Inbox');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? state.a! : state.b!;
      const res = await fetch(`${server.baseURL}/s/${label}/contact`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Visitor',
          email: 'visitor@example.com',
          subject: `Message ${i}`,
          message: 'Hello there.',
        }),
      });
      statuses.push(res.status);
    }
    // Five in ten minutes from one address to one site (three on A, two on B), then refused.
    expect(statuses, statuses.join()).toEqual([200, 200, 200, 200, 200, 429]);
  }, 90_000);
  it('an own domain replaced on A: B stops serving the site on the old one at once', async () => {
    const { token, id } = await publishedSite('Moving Owner');
    const host = `www.moving-owner-${id}.example`;
    await verifiedOwnDomain(id, host, 'pro');
    const b = state.b!;
    for (let i = 0; i < 2; i++) {
      expect((await get(b, '/', host)).body).toContain('Moving Owner summary.');
    }
    const replaced = await fetch(`${state.a!.baseURL}/api/portfolios/${id}/own-domain`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ host: `www.moved-owner-${id}.dev` }),
    });
    expect(replaced.status).toBe(200);
    await expect
      .poll(async () => (await get(b, '/', host)).body.includes('Moving Owner summary.'), {
        timeout: 5000,
        interval: 100,
      })
      .toBe(false);
  }, 90_000);
});
