/**
 * What the app shows about a portfolio's site: its status, address, hosting period and own
 * domain (the publish page), the site fields of a dashboard row, whether the draft differs from
 * the live version, and the versions kept.
 */
import type { DnsRecord, SiteState, SiteStatus } from '@folio/core';
import { desc, eq, sql } from 'drizzle-orm';
import {
  portfolios,
  siteVersions,
  sites,
  type PortfolioRow,
  type SiteRow,
} from '../../db/schema.ts';
import {
  labelOf,
  owned,
  siteOf,
  siteUrl,
  type PublishingOptions,
  type Queryable,
} from './context.ts';
import {
  claimExpiresAt,
  ownDomainRecords,
  txtRecordName,
  txtRecordValue,
} from './own-domain-records.ts';

export function statusOf(site: SiteRow | null): SiteStatus {
  if (!site) return 'draft';
  if (site.status === 'publishing' || site.status === 'failed') return site.status;
  return site.currentVersionId !== null && site.status === 'live' ? 'live' : 'draft';
}

export function toState(
  opts: PublishingOptions,
  portfolio: PortfolioRow,
  site: SiteRow | null,
  changed = true,
  now = new Date(),
  checked?: DnsRecord[],
): SiteState {
  const live = site?.currentVersionId != null && site.label !== null;
  const expires = site?.hostingExpiresAt ?? null;
  return {
    portfolioId: portfolio.id,
    status: statusOf(site),
    error: site?.status === 'failed' ? (site.error ?? 'Publishing failed') : null,
    url: live && site?.label ? siteUrl(opts, site.label) : null,
    label: labelOf(portfolio),
    publishedAt: site?.publishedAt?.toISOString() ?? null,
    hostingExpiresAt: expires?.toISOString() ?? null,
    hostingExpired: expires !== null && expires.getTime() <= now.getTime(),
    changedSincePublish: changed,
    ownDomain:
      site?.ownDomain && site.ownDomainToken
        ? {
            host: site.ownDomain,
            records: checked ?? ownDomainRecords(opts.pointTo, site.ownDomain, site.ownDomainToken),
            txtName: txtRecordName(site.ownDomain),
            txtValue: txtRecordValue(site.ownDomainToken),
            verified: site.ownDomainVerifiedAt !== null,
            verifiedAt: site.ownDomainVerifiedAt?.toISOString() ?? null,
            expiresAt: claimExpiresAt(site)?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * Whether what a portfolio would publish now differs from its live version (true when nothing is
 * live): its content or template differs from the ones the live version was built from. For a
 * version published before those were kept, whether the portfolio changed after publishing.
 * One query for all of `ids`.
 */
export async function unpublishedChanges(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const result = await db.execute(sql`
    select p.id from ${portfolios} p
      left join ${sites} s on s.portfolio_id = p.id
      left join ${siteVersions} v on v.id = s.current_version_id
     where p.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
       and (v.id is null
            or (v.content is null and (s.published_at is null or p.updated_at > s.published_at))
            or (v.content is not null
                and (v.content is distinct from p.content or v.template is distinct from p.template)))`);
  const rows = (result as { rows: { id: number }[] }).rows;
  return new Set(rows.map((r) => Number(r.id)));
}

/** The publish page's state of a portfolio, read in `db` (with the DNS records as `checked`). */
export async function stateOf(
  opts: PublishingOptions,
  portfolio: PortfolioRow,
  site: SiteRow | null,
  db: Queryable = opts.db,
  checked?: DnsRecord[],
) {
  const changed = (await unpublishedChanges(db, [portfolio.id])).has(portfolio.id);
  return toState(opts, portfolio, site, changed, new Date(), checked);
}

/** The site fields of a dashboard row (GET /api/portfolios). */
export function summary(
  opts: PublishingOptions,
  site: SiteRow | undefined | null,
  changed: boolean,
) {
  const state = site ?? null;
  const live = state?.currentVersionId != null && state.label !== null;
  return {
    status: statusOf(state),
    unpublishedChanges: live && changed,
    statusError: state?.status === 'failed' ? (state.error ?? 'Publishing failed') : null,
    liveUrl: state?.currentVersionId != null && state.label ? siteUrl(opts, state.label) : null,
    hostingExpiresAt:
      state?.currentVersionId != null ? (state.hostingExpiresAt?.toISOString() ?? null) : null,
  };
}

export async function summaryOf(opts: PublishingOptions, portfolio: PortfolioRow) {
  const changed = await unpublishedChanges(opts.db, [portfolio.id]);
  return summary(opts, await siteOf(opts.db, portfolio.id), changed.has(portfolio.id));
}

export async function state(
  opts: PublishingOptions,
  userId: number,
  id: number,
): Promise<SiteState> {
  const portfolio = await owned(opts.db, userId, id);
  return stateOf(opts, portfolio, await siteOf(opts.db, id));
}

/** Sites of all of a user's portfolios, for the dashboard list. */
export async function statesOf(db: Queryable, userId: number): Promise<Map<number, SiteRow>> {
  const rows = await db.select().from(sites).where(eq(sites.userId, userId));
  return new Map(rows.map((r) => [r.portfolioId, r]));
}

/** Recent versions (newest first), for tests and support. */
export async function versions(db: Queryable, portfolioId: number) {
  return db
    .select({ id: siteVersions.id, jobId: siteVersions.jobId, createdAt: siteVersions.createdAt })
    .from(siteVersions)
    .where(eq(siteVersions.portfolioId, portfolioId))
    .orderBy(desc(siteVersions.id));
}
