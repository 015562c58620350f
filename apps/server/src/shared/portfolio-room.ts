import { AppError, getPlan, planLimitMessage, type PlanId } from '@folio/core';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { portfolios } from '../db/schema.ts';
import type { JobTx } from './job-queue.ts';

/**
 * Refuses (403 PLAN_LIMIT, with the plan's own message) when the account already has as many
 * portfolios as `plan` allows. The one check for "room for another portfolio": creating a
 * portfolio runs it under a per-account lock, and a resume parse runs it before it takes a credit
 * (a parse exists to create a portfolio, so a credit is never spent on one that cannot be made).
 */
export async function assertRoomForPortfolio(
  db: Db | JobTx,
  userId: number,
  plan: PlanId,
): Promise<void> {
  const max = getPlan(plan).maxPortfolios;
  if (max === null) return;
  const [row] = await db
    .select({ n: count() })
    .from(portfolios)
    .where(eq(portfolios.userId, userId));
  if ((row?.n ?? 0) >= max) throw new AppError('PLAN_LIMIT', planLimitMessage(plan)!);
}
