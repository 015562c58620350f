import { LABEL_HOLD_DAYS } from '@folio/core';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { releasedLabels } from '../db/schema.ts';
import type { JobTx } from './job-queue.ts';

/**
 * Whether `label` is held for someone other than `userId`: it was freed less than LABEL_HOLD_DAYS
 * ago by another user's portfolio (rows written by the database when a portfolio stops using a
 * label; see `releasedLabels`). The former owner may take it back at any time.
 */
export async function labelHeldForOther(
  db: Db | JobTx,
  label: string,
  userId: number,
): Promise<boolean> {
  const [held] = await db
    .select({ label: releasedLabels.label })
    .from(releasedLabels)
    .where(
      and(
        eq(releasedLabels.label, label),
        ne(releasedLabels.userId, userId),
        gt(releasedLabels.releasedAt, sql`now() - make_interval(days => ${LABEL_HOLD_DAYS})`),
      ),
    )
    .limit(1);
  return held !== undefined;
}
