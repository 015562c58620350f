import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

/**
 * Row ids are PostgreSQL `integer`s: an id beyond 2^31 - 1 in a path or body used to reach the
 * database and fail there as "out of range" (500). Every id field is now bounded in core.
 */

let ctx: TestContext;
let token: string | null;
let portfolioId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await register(ctx.app)).token;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name: 'Big Ids', content: { name: 'Ada' } },
  });
  portfolioId = res.json<{ id: number }>().id;
});
afterAll(() => ctx.close());

const tooBig = 2 ** 31;

const requests: {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}[] = [
  { method: 'GET', url: `/api/portfolios/${tooBig}` },
  { method: 'PATCH', url: `/api/portfolios/${tooBig}`, payload: { name: 'x' } },
  { method: 'DELETE', url: `/api/portfolios/${tooBig}` },
  { method: 'GET', url: `/api/portfolios/${tooBig}/site` },
  { method: 'POST', url: `/api/publish/${tooBig}` },
  { method: 'PUT', url: `/api/portfolios/${tooBig}/own-domain`, payload: { host: 'www.a.dev' } },
  { method: 'GET', url: `/api/portfolios/99999999999999999999` },
  {
    method: 'POST',
    url: '/api/domains/check',
    payload: { label: 'free-one', portfolioId: tooBig },
  },
  { method: 'POST', url: '/api/preview/token', payload: { portfolio_id: String(tooBig) } },
];

describe('ids beyond the database integer range', () => {
  it.each(requests)('$method $url answers 400 with a message, never 500', async (req) => {
    const res = await ctx.app.inject({ ...req, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string; message: string }>()).toMatchObject({ error: 'VALIDATION' });
  });

  it('a stale-version number beyond the range is refused, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portfolios/${portfolioId}`,
      headers: bearer(token),
      payload: { name: 'Renamed', version: tooBig },
    });
    expect(res.statusCode).toBe(400);
  });

  it('the largest id still reads as a missing portfolio (404)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/portfolios/${tooBig - 1}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
  });
});
