/** What the profile says about an account's payments: one pending at PayPal, or one taken back. */
import type { BillingStatus } from '@folio/core';
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import {
  CAPTURE_PENDING,
  CAPTURE_UNCERTAIN,
  toInterval,
  toPurchasable,
  type BillingContext,
} from './context.ts';

export async function billingStatus(ctx: BillingContext, userId: number): Promise<BillingStatus> {
  const [pending] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'created'),
        inArray(payments.paypalStatus, [CAPTURE_PENDING, CAPTURE_UNCERTAIN]),
      ),
    )
    .limit(1);
  const [revoked] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.revokedAt)))
    .orderBy(desc(payments.revokedAt))
    .limit(1);
  const [laterPurchase] = revoked
    ? await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.status, 'completed'),
            gt(payments.completedAt, revoked.revokedAt!),
          ),
        )
        .limit(1)
    : [];
  return {
    pending: pending
      ? {
          plan: toPurchasable(pending.plan),
          interval: toInterval(pending.interval),
          since: pending.updatedAt.toISOString(),
        }
      : null,
    takenBack:
      revoked && !laterPurchase
        ? {
            plan: toPurchasable(revoked.plan),
            kind: revoked.status === 'reversed' ? 'reversed' : 'refunded',
            at: revoked.revokedAt!.toISOString(),
          }
        : null,
  };
}
