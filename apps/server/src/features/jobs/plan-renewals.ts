import {
  addMonths,
  monthlyRefillPlans,
  nextMonthlyAfter,
  refillCredits,
  toPlanId,
} from '@folio/core';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Job } from '../../shared/scheduler.ts';

export interface PlanRenewalResult {
  /** Pro accounts whose paid period ended: now Free. */
  expired: number;
  /** Accounts whose credits were reset to the plan's monthly amount. */
  refilled: number;
  /** Paid accounts that had no refill date yet (e.g. set by hand) and got one. */
  scheduled: number;
}

const BATCH = 500;

/**
 * Plan upkeep, idempotent and catching up after downtime:
 * 1. a Pro whose paid-through date has passed drops to Free (product.md, Plans); nothing else
 *    changes: portfolios and sites are kept, and what exceeds Free becomes read-only;
 * 2. Pro and Lifetime credits are reset each month: every account whose next refill date has
 *    come is refilled once, and the date moves forward by whole months to the first one after
 *    `now` (so three missed months give one refill, not three).
 * Each refill is a conditional update on the date it read, so two runs at once refill once.
 */
export async function runPlanRenewals(db: Db, now: Date = new Date()): Promise<PlanRenewalResult> {
  const expired = await db
    .update(users)
    .set({ plan: 'free', nextCreditRefillAt: null })
    .where(
      and(eq(users.plan, 'pro'), isNotNull(users.planExpiresAt), lte(users.planExpiresAt, now)),
    )
    .returning({ id: users.id });

  const scheduled = await db
    .update(users)
    .set({ nextCreditRefillAt: addMonths(now, 1) })
    .where(and(inArray(users.plan, monthlyRefillPlans), isNull(users.nextCreditRefillAt)))
    .returning({ id: users.id });

  let refilled = 0;
  let afterId = 0;
  for (;;) {
    const due = await db
      .select({ id: users.id, plan: users.plan, next: users.nextCreditRefillAt })
      .from(users)
      .where(
        and(
          inArray(users.plan, monthlyRefillPlans),
          lte(users.nextCreditRefillAt, now),
          gt(users.id, afterId),
        ),
      )
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const row of due) {
      afterId = row.id;
      const credits = refillCredits(toPlanId(row.plan));
      if (credits === null || row.next === null) continue;
      const done = await db
        .update(users)
        .set({
          credits,
          creditsRefilledAt: now,
          nextCreditRefillAt: nextMonthlyAfter(row.next, now),
        })
        .where(and(eq(users.id, row.id), eq(users.nextCreditRefillAt, row.next)))
        .returning({ id: users.id });
      refilled += done.length;
    }
    if (due.length < BATCH) break;
  }

  return { expired: expired.length, refilled, scheduled: scheduled.length };
}

/** The renewal job for the scheduler. */
export function planRenewalJob(db: Db, everyMinutes: number): Job {
  return {
    name: 'plan-renewals',
    everyMs: everyMinutes * 60_000,
    run: (now) => runPlanRenewals(db, now),
  };
}
