import { readOnlyPortfolioMessage } from '@folio/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const create = (token: string | null, name: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name, content: { contact: { name: 'Ada' } } },
  });

const rename = (token: string | null, id: number, name: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/portfolios/${id}`,
    headers: bearer(token),
    payload: { name },
  });

describe('when a paid period ends, what exceeds Free becomes read-only, never deleted', () => {
  it('keeps every portfolio, lets the oldest be edited, refuses the others with the plan message', async () => {
    const user = await register(ctx.app);
    await ctx.app.db
      .update(users)
      .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, user.id));
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const res = await create(user.token, name);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }

    // The paid period ends (no renewal job needed: the plan is read with its end date).
    await ctx.app.db
      .update(users)
      .set({ planExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));

    const list = await ctx.app.inject({ url: '/api/portfolios', headers: bearer(user.token) });
    const summaries = list.json<{ id: number; readOnly: boolean }[]>();
    expect(summaries).toHaveLength(3);
    const readOnly = new Map(summaries.map((p) => [p.id, p.readOnly]));
    expect(ids.map((id) => readOnly.get(id))).toEqual([false, true, true]);

    expect((await rename(user.token, ids[0]!, 'First, renamed')).statusCode).toBe(200);
    const refused = await rename(user.token, ids[1]!, 'Second, renamed');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(readOnlyPortfolioMessage('free'));
    const publish = await ctx.app.inject({
      method: 'POST',
      url: `/api/publish/${ids[2]!}`,
      headers: bearer(user.token),
    });
    expect(publish.statusCode).toBe(403);

    // Reading still works; deleting the editable one makes the next oldest editable.
    const detail = await ctx.app.inject({
      url: `/api/portfolios/${ids[1]!}`,
      headers: bearer(user.token),
    });
    expect(detail.json<{ name: string; readOnly: boolean }>()).toMatchObject({
      name: 'Second',
      readOnly: true,
    });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/portfolios/${ids[0]!}`,
      headers: bearer(user.token),
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await rename(user.token, ids[1]!, 'Second, renamed')).statusCode).toBe(200);
    expect((await rename(user.token, ids[2]!, 'Third, renamed')).statusCode).toBe(403);
  });

  it('another user still gets not found, not the plan message', async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const id = (await create(owner.token, 'Mine')).json<{ id: number }>().id;
    expect((await rename(other.token, id, 'Theirs')).statusCode).toBe(404);
  });
});

describe('the portfolio limit holds when creates race', () => {
  it('five simultaneous creates on Free make exactly one portfolio', async () => {
    const user = await register(ctx.app);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) => create(user.token, `Race ${name}`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(4);
    const list = await ctx.app.inject({ url: '/api/portfolios', headers: bearer(user.token) });
    expect(list.json<unknown[]>()).toHaveLength(1);
  });
});
