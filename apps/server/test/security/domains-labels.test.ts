import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMessages, domainMessages } from '@folio/core';
import { releasedLabels, users } from '../../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

/**
 * Subdomain labels: Punycode look-alikes are refused, and a label a portfolio stops using is held
 * for its former owner for 30 days, so nobody else takes over an address people still visit.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type User = Awaited<ReturnType<typeof register>>;

async function proUser(): Promise<User> {
  const user = await register(ctx.app);
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  return user;
}

async function newPortfolio(user: User, name: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(user.token),
    payload: { name, content: { name } },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const portfolio = async (user: User, id: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/portfolios/${id}`,
      headers: bearer(user.token),
    })
  ).json<{ domain: string; customDomain: string | null }>();

const setCustom = (user: User, id: number, customDomain: string | null) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/portfolios/${id}`,
    headers: bearer(user.token),
    payload: { customDomain },
  });

const check = async (user: User, label: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/domains/check',
      headers: bearer(user.token),
      payload: { label },
    })
  ).json<{ available: boolean; message: string | null }>();

/** Moves every hold back in time, as if `days` had passed. */
async function age(label: string, days: number) {
  await ctx.app.db
    .update(releasedLabels)
    .set({ releasedAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(releasedLabels.label, label));
}

const taken = { available: false, message: defaultMessages.DOMAIN_TAKEN };

describe('Punycode labels', () => {
  it('refuses an xn-- look-alike as a custom subdomain and in the address check', async () => {
    const user = await proUser();
    const id = await newPortfolio(user, 'Look Alike');
    // "xn--pple-43d" is shown by browsers as "аpple", with a Cyrillic "а".
    const res = await setCustom(user, id, 'xn--pple-43d');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(domainMessages.encoded);
    expect(await check(user, 'XN--PPLE-43D')).toEqual({
      label: 'xn--pple-43d',
      available: false,
      message: domainMessages.encoded,
    });
    expect((await portfolio(user, id)).customDomain).toBeNull();
  });
});

describe('freed labels are held for their former owner for 30 days', () => {
  it('a changed custom subdomain: others are refused, the former owner may take it back', async () => {
    const owner = await proUser();
    const other = await proUser();
    const id = await newPortfolio(owner, 'Held Custom');
    expect((await setCustom(owner, id, 'grace-site')).statusCode).toBe(200);
    expect((await setCustom(owner, id, 'grace-new')).statusCode).toBe(200);

    expect(await check(other, 'grace-site')).toMatchObject(taken);
    const otherId = await newPortfolio(other, 'Other Site');
    const grab = await setCustom(other, otherId, 'grace-site');
    expect(grab.statusCode).toBe(409);
    expect(grab.json<{ detail: string }>().detail).toBe(defaultMessages.DOMAIN_TAKEN);

    expect(await check(owner, 'grace-site')).toMatchObject({ available: true });
    expect((await setCustom(owner, id, 'grace-site')).statusCode).toBe(200);
    expect((await portfolio(owner, id)).customDomain).toBe('grace-site');
  });

  it('a deleted portfolio: its address is not reused by others, but is by its owner', async () => {
    const owner = await register(ctx.app);
    const other = await proUser();
    const id = await newPortfolio(owner, 'Ada Held');
    expect((await portfolio(owner, id)).domain).toBe('ada-held');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/portfolios/${id}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBeLessThan(300);

    // Another user's portfolio of the same name gets another automatic address.
    const otherId = await newPortfolio(other, 'Ada Held');
    expect((await portfolio(other, otherId)).domain).toBe('ada-held-2');
    expect(await check(other, 'ada-held')).toMatchObject(taken);
    expect((await setCustom(other, otherId, 'ada-held')).statusCode).toBe(409);

    // The former owner gets it back.
    const again = await newPortfolio(owner, 'Ada Held');
    expect((await portfolio(owner, again)).domain).toBe('ada-held');
  });

  it('after 30 days the label is free for anyone', async () => {
    const owner = await proUser();
    const other = await proUser();
    const id = await newPortfolio(owner, 'Short Hold');
    await setCustom(owner, id, 'old-address');
    await setCustom(owner, id, null);
    expect(await check(other, 'old-address')).toMatchObject(taken);

    await age('old-address', 29);
    expect(await check(other, 'old-address')).toMatchObject(taken);
    await age('old-address', 31);
    expect(await check(other, 'old-address')).toMatchObject({ available: true, message: null });
    const otherId = await newPortfolio(other, 'New Holder');
    expect((await setCustom(other, otherId, 'old-address')).statusCode).toBe(200);
  });

  it("a deleted account's addresses stay held for the rest of the 30 days", async () => {
    const owner = await register(ctx.app);
    const other = await proUser();
    await newPortfolio(owner, 'Gone Account');
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(owner.token),
      payload: { confirm: owner.username, password: owner.password },
    });
    expect(gone.statusCode).toBe(200);
    expect(await check(other, 'gone-account')).toMatchObject(taken);
  });
});
