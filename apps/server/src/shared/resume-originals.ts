import { and, eq, notExists } from 'drizzle-orm';
import { portfolios, resumeOriginals } from '../db/schema.ts';
import type { Queryable } from './blob-store.ts';

/**
 * Removes the kept original of the parse `resumeId` once no portfolio is made from it any more
 * (its portfolio was deleted; ADR 44). Run in the transaction that deleted the portfolio.
 */
export async function dropUnusedOriginal(db: Queryable, resumeId: number): Promise<void> {
  await db
    .delete(resumeOriginals)
    .where(
      and(
        eq(resumeOriginals.resumeId, resumeId),
        notExists(
          db
            .select({ id: portfolios.id })
            .from(portfolios)
            .where(eq(portfolios.resumeId, resumeId)),
        ),
      ),
    );
}
