/**
 * "Check this" markers left from an import are kept with the portfolio (content.settings.uncertain)
 * and counted in its answers (`toCheck`), so the dashboard and the publish page can say how many
 * things are not checked yet. Publishing with open markers is allowed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const data = {
  contact: { name: 'Ada Park', location: 'Northfield' },
  experience: [{ position: 'Engineer', company: 'Acme', dates: '2019 – Present' }],
};
const uncertain = [
  { path: 'contact/location', reason: 'looks-like-organisation' },
  { path: 'experience/0/company', reason: 'role-or-company' },
];

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string | null,
  payload?: object,
) {
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

interface Summary {
  id: number;
  name: string;
  toCheck?: number;
}

describe('open "Check this" markers in the portfolio answers', () => {
  it('counts them in the list and in one portfolio, and follows edits and confirmations', async () => {
    const { token } = await register(ctx.app);
    const marked = await call('POST', '/api/portfolios', token, {
      name: 'Imported',
      content: { data, settings: { uncertain } },
    });
    expect(marked.statusCode).toBe(201);
    const id = marked.json<{ id: number }>().id;

    const list = async () =>
      new Map(
        (await call('GET', '/api/portfolios', token))
          .json<Summary[]>()
          .map((p) => [p.id, p.toCheck] as const),
      );
    expect(await list()).toEqual(new Map([[id, 2]]));

    const one = await call('GET', `/api/portfolios/${id}`, token);
    const portfolio = one.json<{ toCheck: number; version: number; content: object }>();
    expect(portfolio.toCheck).toBe(2);

    // One confirmed ("Looks right"): the stored list loses it, both answers say 1.
    const patched = await call('PATCH', `/api/portfolios/${id}`, token, {
      version: portfolio.version,
      content: { data, settings: { uncertain: uncertain.slice(1) } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ toCheck: number }>().toCheck).toBe(1);
    expect((await list()).get(id)).toBe(1);

    // Publishing with a marker left open is allowed.
    const published = await call('POST', `/api/publish/${id}`, token);
    expect(published.statusCode).toBeLessThan(300);
    expect((await list()).get(id)).toBe(1);
  });

  it('counts none for content stored in the old simple shape', async () => {
    const { token } = await register(ctx.app);
    const res = await call('POST', '/api/portfolios', token, {
      name: 'Old shape',
      content: JSON.stringify({ name: 'Ada Park', about: 'Engineer.' }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = (await call('GET', '/api/portfolios', token)).json<Summary[]>();
    expect(row?.toCheck).toBe(0);
  });
});
