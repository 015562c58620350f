/**
 * Own domains (beyond the product's subdomains: Pro and above): claiming a host, verifying it by
 * its DNS TXT record (the first site to verify a host wins), and removing it.
 */
import { randomBytes } from 'node:crypto';
import {
  AppError,
  canUseOwnDomain,
  effectivePlan,
  publishMessages,
  type SiteState,
} from '@folio/core';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import { sites, type SiteRow, type UserRow } from '../../db/schema.ts';
import { owned, siteOf, SITES_CHANNEL, type PublishingOptions, type Queryable } from './context.ts';
import { checkRecords, claimExpiresAt, ownDomainRecords } from './own-domain-records.ts';
import { isPublicHostName } from './public-host.ts';
import { stateOf } from './site-state.ts';

/**
 * Claims `host` for the portfolio and hands out the TXT record proving control of it. A claim
 * reserves nothing (product.md, Addresses): only a host another site has verified is refused;
 * claiming the same host again once its claim has expired renews the record.
 */
export async function setOwnDomain(
  opts: PublishingOptions,
  user: UserRow,
  id: number,
  host: string,
): Promise<SiteState> {
  if (!canUseOwnDomain(effectivePlan(user))) {
    throw new AppError('PLAN_LIMIT', publishMessages.ownDomainPlan, { field: 'host' });
  }
  if (host === opts.sitesDomain || host.endsWith(`.${opts.sitesDomain}`)) {
    throw new AppError('VALIDATION', publishMessages.ownDomainInvalid, { field: 'host' });
  }
  const appHost = new URL(opts.appUrl).hostname;
  if (host === appHost) {
    throw new AppError('VALIDATION', publishMessages.ownDomainInvalid, { field: 'host' });
  }
  if (!isPublicHostName(host)) {
    throw new AppError('VALIDATION', publishMessages.ownDomainNotPublic, { field: 'host' });
  }
  return opts.db.transaction(async (tx) => {
    const portfolio = await owned(tx, user.id, id, true);
    const before = await siteOf(tx, id);
    const now = new Date();
    if (before?.ownDomain === host) {
      const expires = claimExpiresAt(before);
      if (!expires || expires.getTime() > now.getTime())
        return stateOf(opts, portfolio, before, tx);
    }
    if (await hostVerifiedElsewhere(tx, host, id)) {
      throw new AppError('DOMAIN_TAKEN', publishMessages.ownDomainTaken, { field: 'host' });
    }
    const claim = {
      ownDomain: host,
      ownDomainToken: randomBytes(18).toString('base64url'),
      ownDomainClaimedAt: now,
      ownDomainVerifiedAt: null,
    };
    const [site] = await tx
      .insert(sites)
      .values({ portfolioId: id, userId: user.id, ...claim })
      .onConflictDoUpdate({ target: sites.portfolioId, set: { ...claim, updatedAt: now } })
      .returning();
    if (before?.ownDomain) {
      // Other processes drop the old host when this commits (the call below also tells them
      // at once, which alone could let one re-read the host before the commit).
      const key = { host: before.ownDomain };
      await tx.execute(sql`select pg_notify(${SITES_CHANNEL}, ${JSON.stringify(key)})`);
      opts.invalidate(key);
    }
    return stateOf(opts, portfolio, site ?? null, tx);
  });
}

/** Whether a site other than `portfolioId`'s has verified `host`. */
async function hostVerifiedElsewhere(db: Queryable, host: string, portfolioId: number) {
  const [row] = await db
    .select({ id: sites.portfolioId })
    .from(sites)
    .where(
      and(
        eq(sites.ownDomain, host),
        isNotNull(sites.ownDomainVerifiedAt),
        ne(sites.portfolioId, portfolioId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Checks the TXT record and marks the claim verified. The first site to verify a host wins: the
 * partial unique index on verified hosts makes the marking atomic, so of two verifications at
 * once (in any processes) one succeeds and the other is refused. Other sites' claims of the host
 * stay unverified and are refused here from then on.
 */
export async function verifyOwnDomain(
  opts: PublishingOptions,
  user: UserRow,
  id: number,
  strict = true,
): Promise<SiteState> {
  // `strict` false (the check the owner starts from the publish page): a missing TXT record is
  // answered with each record's state, not refused.
  if (!canUseOwnDomain(effectivePlan(user))) {
    throw new AppError('PLAN_LIMIT', publishMessages.ownDomainPlan, { field: 'host' });
  }
  const { db } = opts;
  const portfolio = await owned(db, user.id, id);
  const site = await siteOf(db, id);
  if (!site?.ownDomain || !site.ownDomainToken) {
    throw new AppError('NOT_FOUND', 'No own domain is set for this portfolio');
  }
  const { ownDomain: host, ownDomainToken: token } = site;
  // A claim stored before private names were refused is never looked up.
  if (!isPublicHostName(host)) {
    throw new AppError('VALIDATION', publishMessages.ownDomainNotPublic, { field: 'host' });
  }
  const records = await checkRecords(opts, ownDomainRecords(opts.pointTo, host, token));
  if (site.ownDomainVerifiedAt) return stateOf(opts, portfolio, site, db, records);
  const expires = claimExpiresAt(site);
  if (expires && expires.getTime() <= Date.now()) {
    throw new AppError('VALIDATION', publishMessages.ownDomainExpired, { field: 'host' });
  }
  const verifiedElsewhere = () =>
    new AppError('DOMAIN_TAKEN', publishMessages.ownDomainVerifiedElsewhere, { field: 'host' });
  if (await hostVerifiedElsewhere(db, host, id)) throw verifiedElsewhere();
  if (records[0]?.state !== 'found') {
    if (!strict) return stateOf(opts, portfolio, site, db, records);
    throw new AppError('VALIDATION', publishMessages.ownDomainNotVerified, { field: 'host' });
  }
  let updated: SiteRow | undefined;
  try {
    [updated] = await db
      .update(sites)
      .set({ ownDomainVerifiedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(sites.portfolioId, id),
          eq(sites.ownDomain, host),
          eq(sites.ownDomainToken, token),
          isNull(sites.ownDomainVerifiedAt),
        ),
      )
      .returning();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw verifiedElsewhere();
    throw err;
  }
  // Nothing updated: the claim was changed or removed meanwhile; answer what it is now.
  if (!updated) return stateOf(opts, portfolio, await siteOf(db, id));
  opts.invalidate({ host });
  opts.log.info({ portfolioId: id, host }, 'own domain verified');
  return stateOf(opts, portfolio, updated, db, records);
}

export async function removeOwnDomain(
  opts: PublishingOptions,
  user: UserRow,
  id: number,
): Promise<SiteState> {
  const portfolio = await owned(opts.db, user.id, id);
  const site = await siteOf(opts.db, id);
  if (!site?.ownDomain) return stateOf(opts, portfolio, site);
  const [updated] = await opts.db
    .update(sites)
    .set({
      ownDomain: null,
      ownDomainToken: null,
      ownDomainClaimedAt: null,
      ownDomainVerifiedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(sites.portfolioId, id))
    .returning();
  opts.invalidate({ host: site.ownDomain });
  return stateOf(opts, portfolio, updated ?? null);
}
