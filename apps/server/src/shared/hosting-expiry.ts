import { hostingExpiry, hostingStart } from '@folio/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sites, users } from '../db/schema.ts';
import type { JobTx } from './job-queue.ts';

/**
 * Recomputes the hosting end of every published site of one account from its plan as it is now
 * (product.md, Plans): run in the transaction that changes the plan (a purchase, a refund), so a
 * site never keeps the old plan's end date until the hourly expiry job comes round. A changed
 * date also clears the expiry notice, as the job does. Answers the portfolios whose date changed
 * (the caller drops them from the site cache once the transaction has committed).
 */
export async function refreshHostingExpiry(db: Db | JobTx, userId: number): Promise<number[]> {
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
    .where(and(eq(sites.userId, userId), isNotNull(sites.firstPublishedAt)));
  const changed: number[] = [];
  for (const row of rows) {
    const next = hostingExpiry(
      row,
      hostingStart(row.accountFirstPublishedAt, row.firstPublishedAt),
    );
    if ((next?.getTime() ?? null) === (row.expiresAt?.getTime() ?? null)) continue;
    await db
      .update(sites)
      .set({ hostingExpiresAt: next, expiryNoticeSentAt: null })
      .where(eq(sites.portfolioId, row.portfolioId));
    changed.push(row.portfolioId);
  }
  return changed;
}
