/**
 * Hosting's fast path (ADR 0009): once a site's page is cached, the Node server answers it
 * before Fastify, with the very answer Fastify's hook gives: same status, headers and body.
 */
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
let app: FastifyInstance;
let port = 0;
/** Requests for the site that reached Fastify (the fast path's never do). */
let seenByFastify = 0;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100' });
  await ctx.app.close();
  app = await buildApp(ctx.settings, ctx.database, { logger: false });
  // onSend: it runs for every answer Fastify sends, even one sent by hosting's request hook.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.hostname.endsWith('.folio.localhost')) seenByFastify += 1;
    done(null, payload);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  ctx.app = app;
});
afterAll(() => ctx.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(method: string, headers: Record<string, string>, path = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that say what the answer is (not when or over which connection). */
const stable = (h: http.IncomingHttpHeaders) => {
  const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = h;
  return rest;
};

async function publishedSite(): Promise<string> {
  const user = await register(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(user.token),
    payload: { name: 'Ada Fast', content: { name: 'Ada Fast', title: 'Engineer', about: 'Hi.' } },
  });
  const id = created.json<{ id: number }>().id;
  await app.inject({ method: 'POST', url: `/api/publish/${id}`, headers: bearer(user.token) });
  for (let i = 0; i < 200; i++) {
    const state = await app.inject({
      method: 'GET',
      url: `/api/portfolios/${id}/site`,
      headers: bearer(user.token),
    });
    const { status, label } = state.json<{ status: string; label: string }>();
    if (status === 'live') return `${label}.folio.localhost`;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the site never went live');
}

it('answers a cached site page before Fastify, exactly as Fastify does', async () => {
  const host = await publishedSite();
  const variants: Record<string, string>[] = [
    { host },
    { host, 'accept-encoding': 'gzip, deflate, br' },
    { host, 'accept-encoding': 'gzip' },
  ];

  // Cold: Fastify's hook loads the site into the cache and answers.
  const cold = await request('GET', { host, 'accept-encoding': 'identity' });
  expect(cold.status).toBe(200);
  expect(cold.body.toString()).toContain('Ada Fast');
  expect(seenByFastify).toBe(1);

  // Warm: the same answers, none of them seen by Fastify.
  for (const headers of variants) {
    const before = seenByFastify;
    const fast = await request('GET', headers);
    expect(seenByFastify).toBe(before);
    const viaFastify = await app.inject({ method: 'GET', url: '/', headers });
    expect(fast.status).toBe(viaFastify.statusCode);
    expect(stable(fast.headers)).toEqual(stable(viaFastify.headers as http.IncomingHttpHeaders));
    expect(fast.body.equals(viaFastify.rawPayload)).toBe(true);
  }
  const br = await request('GET', { host, 'accept-encoding': 'br' });
  expect(brotliDecompressSync(br.body).toString()).toBe(cold.body.toString());

  // Revalidation and HEAD.
  const etag = String(cold.headers.etag);
  const notModified = await request('GET', { host, 'if-none-match': etag });
  expect(notModified.status).toBe(304);
  expect(notModified.body.length).toBe(0);
  const head = await request('HEAD', { host });
  expect(head.status).toBe(200);
  expect(head.headers.etag).toBe(etag);
  expect(head.body.length).toBe(0);

  // Other paths and methods, and the app's own host, still go through Fastify.
  const before = seenByFastify;
  expect((await request('GET', { host }, '/robots.txt')).status).toBe(200);
  expect((await request('GET', { host }, '/missing')).status).toBe(404);
  expect((await request('POST', { host }, '/')).status).toBe(405);
  expect(seenByFastify).toBe(before + 3);
  const health = await request('GET', { host: 'folio.test' }, '/api/config');
  expect(health.status).toBe(200);
});
