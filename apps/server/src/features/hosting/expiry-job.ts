import { hostingExpiry, hostingStart } from '@folio/core';
import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, sites, users } from '../../db/schema.ts';
import type { Mailer } from '../../shared/mailer.ts';

/** Owners are told this long before their hosting ends. */
export const EXPIRY_NOTICE_DAYS = 14;
const BATCH = 500;

export interface HostingExpiryResult {
  /** Sites whose expiry date changed (plan bought, ended, …). */
  updated: number;
  /** Owners mailed about a coming expiry. */
  noticed: number;
}

/**
 * Hosting upkeep (product.md, Plans), idempotent: recomputes every published site's hosting end
 * from its owner's plan and the account's hosting start (its first publish, whichever portfolio), drops changed sites from the cache, and mails each owner once when the
 * end is less than EXPIRY_NOTICE_DAYS away. Serving checks the stored date on every request.
 */
export async function runHostingExpiry(
  db: Db,
  opts: {
    mailer: Mailer;
    appUrl: string;
    appName: string;
    invalidate: (key: { portfolioId: number }) => void;
  },
  now: Date = new Date(),
): Promise<HostingExpiryResult> {
  let updated = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        portfolioId: sites.portfolioId,
        firstPublishedAt: sites.firstPublishedAt,
        accountFirstPublishedAt: users.firstPublishedAt,
        expiresAt: sites.hostingExpiresAt,
        plan: users.plan,
        planExpiresAt: users.planExpiresAt,
      })
      .from(sites)
      .innerJoin(users, eq(users.id, sites.userId))
      .where(and(isNotNull(sites.firstPublishedAt), gt(sites.portfolioId, afterId)))
      .orderBy(asc(sites.portfolioId))
      .limit(BATCH);
    for (const row of rows) {
      afterId = row.portfolioId;
      const next = hostingExpiry(
        row,
        hostingStart(row.accountFirstPublishedAt, row.firstPublishedAt),
      );
      if ((next?.getTime() ?? null) === (row.expiresAt?.getTime() ?? null)) continue;
      await db
        .update(sites)
        .set({ hostingExpiresAt: next, expiryNoticeSentAt: null })
        .where(eq(sites.portfolioId, row.portfolioId));
      opts.invalidate({ portfolioId: row.portfolioId });
      updated += 1;
    }
    if (rows.length < BATCH) break;
  }

  const soon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const due = await db
    .select({
      portfolioId: sites.portfolioId,
      expiresAt: sites.hostingExpiresAt,
      email: users.email,
      name: portfolios.name,
    })
    .from(sites)
    .innerJoin(users, eq(users.id, sites.userId))
    .innerJoin(portfolios, eq(portfolios.id, sites.portfolioId))
    .where(
      and(
        isNotNull(sites.currentVersionId),
        isNull(sites.expiryNoticeSentAt),
        gt(sites.hostingExpiresAt, now),
        lte(sites.hostingExpiresAt, soon),
      ),
    )
    .limit(BATCH);
  let noticed = 0;
  for (const site of due) {
    // Claim the notice first, so two server processes never mail twice.
    const claimed = await db
      .update(sites)
      .set({ expiryNoticeSentAt: now })
      .where(and(eq(sites.portfolioId, site.portfolioId), isNull(sites.expiryNoticeSentAt)))
      .returning({ id: sites.portfolioId });
    if (claimed.length === 0) continue;
    const date = site.expiresAt!.toISOString().slice(0, 10);
    try {
      await opts.mailer.send({
        to: site.email,
        kind: 'hosting-expiry',
        subject: `Your portfolio "${site.name}" goes offline on ${date}`,
        text: `Hosting for your ${opts.appName} portfolio "${site.name}" ends on ${date}. Upgrade your plan to keep it online: ${opts.appUrl}/pricing\n`,
        link: `${opts.appUrl}/pricing`,
      });
      noticed += 1;
    } catch {
      await db
        .update(sites)
        .set({ expiryNoticeSentAt: null })
        .where(eq(sites.portfolioId, site.portfolioId))
        .catch(() => {});
    }
  }
  return { updated, noticed };
}
