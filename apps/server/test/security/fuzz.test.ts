import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, inArray, lte } from 'drizzle-orm';
import { jobs, payments, portfolios, resumes, users } from '../../src/db/schema.ts';
import { bearer, register, type TestContext } from '../helpers.ts';
import { contextWithRouteTable, fieldNames, isApiRoute, type RouteEntry } from './route-table.ts';

/**
 * Property-based fuzzing of every JSON endpoint in Fastify's route table (routes added later are
 * fuzzed too): whatever the body, query or path parameter, the answer is never a 5xx, always a
 * JSON error body for a 4xx, and a refused request leaves users, portfolios, payments and resumes
 * exactly as they were (no partial write).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let ctx: TestContext & { routes: RouteEntry[] };
let owner: Awaited<ReturnType<typeof register>>;
let portfolioId: number;

/** Strings that have broken web apps before. */
const nasty = [
  '',
  ' ',
  '\u0000',
  '__proto__',
  'constructor',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\ud800',
  '😀'.repeat(500),
  'a'.repeat(70_000),
  '${7*7}{{7*7}}',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  'null',
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nasty),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, -(2 ** 31) - 1),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.constantFrom(...nasty), { maxLength: 5 }),
);

/** A body: the route's own field names with hostile values, or any JSON at all. */
function bodyFor(route: RouteEntry): fc.Arbitrary<unknown> {
  const fields = [...new Set([...fieldNames(route.body), '__proto__', 'constructor'])];
  const shaped = fc.dictionary(fc.constantFrom(...fields), hostileValue, {
    maxKeys: fields.length,
  });
  return fc.oneof(shaped, shaped, fc.jsonValue({ maxDepth: 4 }));
}

function queryFor(route: RouteEntry): fc.Arbitrary<Record<string, string>> {
  const fields = fieldNames(route.querystring);
  if (fields.length === 0) return fc.constant({});
  return fc.dictionary(
    fc.constantFrom(...fields),
    fc.oneof(fc.constantFrom(...nasty.filter((s) => s.length < 1000)), fc.string()),
  );
}

const paramValue = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1.5',
    '2147483648',
    '99999999999999999999',
    'abc',
    '%2e%2e',
    '1;drop',
  ),
  fc.string({ minLength: 1, maxLength: 30 }),
);

/**
 * Everything a refused request must not have touched. Background jobs queued by an earlier,
 * accepted request (a publish sets the account's first-published time) finish first, so that only
 * the request under test can change what is compared.
 */
async function snapshot() {
  const db = ctx.app.db;
  for (let i = 0; i < 500; i++) {
    const busy = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'running']), lte(jobs.runAt, new Date())))
      .limit(1);
    if (busy.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [u, p, pay, r] = await Promise.all([
    db.select().from(users).orderBy(users.id),
    db.select().from(portfolios).orderBy(portfolios.id),
    db.select().from(payments).orderBy(payments.id),
    db.select().from(resumes).orderBy(resumes.id),
  ]);
  return JSON.stringify({ u, p, pay, r });
}

beforeAll(async () => {
  ctx = await contextWithRouteTable({ PARSE_RATE_LIMIT: '100000' });
  owner = await register(ctx.app);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(owner.token),
    payload: { name: 'Fuzzed', content: { name: 'Ada' } },
  });
  portfolioId = res.json<{ id: number }>().id;
});
afterAll(() => ctx.close());

const jsonRoutes = () => ctx.routes.filter((r) => isApiRoute(r.url) && r.url !== '/api/upload');

describe('fuzzing every JSON endpoint', () => {
  it('covers the routes of the table', () => {
    expect(jsonRoutes().length).toBeGreaterThan(15);
  });

  it('never answers 5xx and never writes half', async () => {
    const fuzzed: string[] = [];
    for (const route of jsonRoutes()) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const params = route.url.includes(':') ? paramValue : fc.constant('');
      await fc.assert(
        fc.asyncProperty(
          hasBody ? bodyFor(route) : fc.constant(undefined),
          queryFor(route),
          params,
          fc.boolean(),
          fc.boolean(),
          async (body, query, param, ownId, raw) => {
            const path = route.url.replace(/:[A-Za-z_]+/g, () =>
              ownId ? String(portfolioId) : encodeURIComponent(param),
            );
            const qs = new URLSearchParams(query).toString();
            // A fresh session each time: POST /api/logout would otherwise end the fuzzing session.
            const token = await ctx.app.accounts.createSession(owner.id);
            const before = await snapshot();
            const res = await ctx.app.inject({
              method: route.method as 'POST',
              url: qs ? `${path}?${qs}` : path,
              headers: { ...bearer(token), 'content-type': 'application/json' },
              ...(hasBody
                ? { payload: raw && typeof body === 'string' ? body : JSON.stringify(body) }
                : {}),
            });
            const where = `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`;
            expect(res.statusCode, `${where} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.json<{ error: string; message: string }>().message, where).toBeTruthy();
              if (res.statusCode !== 401) expect(await snapshot(), where).toBe(before);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
      fuzzed.push(`${route.method} ${route.url}`);
    }
    expect(fuzzed.length).toBe(jsonRoutes().length);
  }, 600_000);

  it('malformed JSON, wrong content types and oversized bodies are 4xx', async () => {
    const token = await ctx.app.accounts.createSession(owner.id);
    const cases: [string, string, string | Buffer][] = [
      ['application/json', '{"name":', ''],
      ['application/json', '{"__proto__":{"admin":true},"name":"x"}', ''],
      ['text/plain', 'name=x', ''],
      ['application/x-www-form-urlencoded', 'name=x', ''],
      ['application/json', 'x'.repeat(9 * 1024 * 1024), ''],
    ].map(([type, payload]) => [type!, payload!, payload!]);
    for (const [type, payload] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/portfolios',
        headers: { ...bearer(token), 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${String(payload).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
