import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishMessages, type SiteState } from '@folio/core';
import { sites, users } from '../../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

/**
 * Own domains: an unverified claim reserves nothing (product.md, Addresses). A squatter who claims a
 * host first cannot keep its real owner out; the first site to verify wins, atomically, and claims
 * not verified within OWN_DOMAIN_CLAIM_DAYS expire.
 */

/** TXT records the fake DNS answers, by name. */
const txt = new Map<string, string[][]>();
/** While set, TXT lookups wait until this many are pending, then all answer together. */
let barrier: { size: number; waiting: (() => void)[] } | null = null;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.close();
  const { buildApp } = await import('../../src/app.ts');
  ctx.app = await buildApp(ctx.settings, ctx.database, {
    logger: false,
    dnsResolver: {
      async resolveTxt(host) {
        if (barrier) {
          const gate = barrier;
          await new Promise<void>((resolve) => {
            gate.waiting.push(resolve);
            if (gate.waiting.length >= gate.size) gate.waiting.forEach((go) => go());
          });
        }
        const hit = txt.get(host);
        if (!hit) throw Object.assign(new Error('ENODATA'), { code: 'ENODATA' });
        return hit;
      },
    },
  });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

type Owner = { token: string | null; portfolioId: number };

async function proOwner(name: string): Promise<Owner> {
  const user = await register(ctx.app);
  await ctx.app.db
    .update(users)
    .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, user.id));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(user.token),
    payload: { name, content: { name } },
  });
  expect(res.statusCode).toBe(201);
  return { token: user.token, portfolioId: res.json<{ id: number }>().id };
}

const claim = (o: Owner, host: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/portfolios/${o.portfolioId}/own-domain`,
    headers: bearer(o.token),
    payload: { host },
  });
const verify = (o: Owner) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/portfolios/${o.portfolioId}/own-domain/verify`,
    headers: bearer(o.token),
  });
const tlsAllowed = async (host: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/internal/tls-allowed?domain=${host}` }))
    .statusCode === 200;

async function verifiedRows(host: string) {
  return ctx.app.db
    .select({ portfolioId: sites.portfolioId })
    .from(sites)
    .where(and(eq(sites.ownDomain, host), isNotNull(sites.ownDomainVerifiedAt)));
}

describe('own-domain claims', () => {
  it('an unverified claim does not keep the real owner out: the owner claims and verifies', async () => {
    const squatter = await proOwner('Squatter');
    const owner = await proOwner('Real Owner');
    const squat = await claim(squatter, 'www.victim.dev');
    expect(squat.statusCode).toBe(200);

    const mine = await claim(owner, 'www.victim.dev');
    expect(mine.statusCode).toBe(200);
    const record = mine.json<SiteState>().ownDomain!;
    expect(record.verified).toBe(false);
    txt.set(record.txtName, [[record.txtValue]]);

    const verified = await verify(owner);
    expect(verified.statusCode).toBe(200);
    expect(verified.json<SiteState>().ownDomain).toMatchObject({
      host: 'www.victim.dev',
      verified: true,
      expiresAt: null,
    });
    expect(await tlsAllowed('www.victim.dev')).toBe(true);
    expect(await verifiedRows('www.victim.dev')).toEqual([{ portfolioId: owner.portfolioId }]);

    // The squatter's claim is dead from now on, and nobody can claim the verified host.
    const late = await verify(squatter);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toBe(publishMessages.ownDomainVerifiedElsewhere);
    const third = await claim(await proOwner('Third'), 'www.victim.dev');
    expect(third.statusCode).toBe(409);
    expect(third.json<{ detail: string }>().detail).toBe(publishMessages.ownDomainTaken);
  });

  it('a squatter cannot verify without the DNS record, whoever claimed first', async () => {
    const squatter = await proOwner('Squatter Two');
    await claim(squatter, 'www.other-victim.dev');
    const res = await verify(squatter);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(publishMessages.ownDomainNotVerified);
    expect(await tlsAllowed('www.other-victim.dev')).toBe(false);
  });

  it('of two verifications at the same moment exactly one wins', async () => {
    const a = await proOwner('Racer A');
    const b = await proOwner('Racer B');
    const recordA = (await claim(a, 'www.race.dev')).json<SiteState>().ownDomain!;
    const recordB = (await claim(b, 'www.race.dev')).json<SiteState>().ownDomain!;
    // Both records are in DNS (say, two people who both control the zone).
    txt.set(recordA.txtName, [[recordA.txtValue], [recordB.txtValue]]);
    // Both requests pass every check before either marks its claim verified.
    barrier = { size: 2, waiting: [] };
    try {
      const answers = await Promise.all([verify(a), verify(b)]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(loser.json<{ detail: string }>().detail).toBe(
        publishMessages.ownDomainVerifiedElsewhere,
      );
      const winner = answers.findIndex((r) => r.statusCode === 200);
      expect(await verifiedRows('www.race.dev')).toEqual([
        { portfolioId: [a, b][winner]!.portfolioId },
      ]);
    } finally {
      barrier = null;
    }
  });

  it('a claim not verified within 7 days expires; claiming again gives a new record', async () => {
    const owner = await proOwner('Slow Owner');
    const first = (await claim(owner, 'www.slow.dev')).json<SiteState>().ownDomain!;
    const expiresIn = new Date(first.expiresAt!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);
    txt.set(first.txtName, [[first.txtValue]]);
    await ctx.app.db
      .update(sites)
      .set({ ownDomainClaimedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sites.portfolioId, owner.portfolioId));

    const expired = await verify(owner);
    expect(expired.statusCode).toBe(400);
    expect(expired.json<{ detail: string }>().detail).toBe(publishMessages.ownDomainExpired);
    expect(await tlsAllowed('www.slow.dev')).toBe(false);

    const renewed = (await claim(owner, 'www.slow.dev')).json<SiteState>().ownDomain!;
    expect(renewed.txtValue).not.toBe(first.txtValue);
    expect(new Date(renewed.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect((await verify(owner)).statusCode).toBe(400); // the old record no longer counts
    txt.set(renewed.txtName, [[renewed.txtValue]]);
    expect((await verify(owner)).statusCode).toBe(200);
  });
});
