/**
 * The reconciliation (a scheduled job, and at start-up): orders left pending or uncertain are
 * settled from PayPal's own record, and recent completed payments are re-read for refunds and
 * reversals whose webhook never arrived.
 */
import { AppError, paymentMessages } from '@folio/core';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { payments, type PaymentRow } from '../../db/schema.ts';
import { record } from './captures.ts';
import {
  CAPTURE_PENDING,
  CAPTURE_UNCERTAIN,
  CapturePending,
  type BillingContext,
} from './context.ts';
import { lookUp, markFailed, paymentRow } from './payment-rows.ts';
import { revoke } from './plans.ts';

export interface ReconcileResult {
  checked: number;
  applied: number;
  failed: number;
  /** Still pending or unknown at PayPal, or back to an ordinary open order. */
  open: number;
  /** Completed payments re-read for refunds and reversals. */
  rechecked: number;
  /** Of those, refunded or reversed at PayPal: their plan was taken back. */
  revoked: number;
}

/** How long after a purchase PayPal may still refund or reverse it (PayPal's 180-day window). */
const RECHECK_WINDOW_MS = 180 * 86_400_000;
/** A completed payment is re-read at PayPal at most this often. */
const RECHECK_EVERY_MS = 86_400_000;
/** Completed payments re-read per reconciliation run. */
const RECHECK_BATCH = 50;

/**
 * Re-reads every order left pending or uncertain at PayPal (GET order) and settles it:
 * completed → the purchase is applied (once, by the same transaction as a completion);
 * declined, failed, refunded, voided or gone (expired) → failed, nothing applied; not captured
 * yet → left as it is, re-read next time. Run by a scheduled job and at start-up.
 */
export async function reconcile(ctx: BillingContext): Promise<ReconcileResult> {
  const result: ReconcileResult = {
    checked: 0,
    applied: 0,
    failed: 0,
    open: 0,
    rechecked: 0,
    revoked: 0,
  };
  if (!ctx.options.paypal) return result;
  const open = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'created'),
        isNotNull(payments.paypalOrderId),
        inArray(payments.paypalStatus, [CAPTURE_PENDING, CAPTURE_UNCERTAIN]),
      ),
    );
  for (const payment of open) {
    result.checked++;
    try {
      const outcome = await ctx.oneAtATime(payment.paypalOrderId!, () => settle(ctx, payment));
      result[outcome]++;
    } catch (err) {
      ctx.log.error({ err, paymentId: payment.id }, 'PayPal reconciliation failed; retried');
      result.open++;
    }
  }
  await recheckCompleted(ctx, result);
  return result;
}

/** Settles an open order from PayPal's record of it (also used for webhook notifications). */
export async function settle(
  ctx: BillingContext,
  stale: PaymentRow,
): Promise<'applied' | 'failed' | 'open'> {
  const payment = await paymentRow(ctx, stale.id);
  if (payment.status !== 'created') return payment.status === 'completed' ? 'applied' : 'failed';
  const order = await lookUp(ctx, payment.paypalOrderId!);
  if (!order) {
    await markFailed(ctx, payment.id, paymentMessages.failed, 'NOT_FOUND');
    return 'failed';
  }
  if (order.status === 'COMPLETED') {
    try {
      await record(ctx, payment, order);
    } catch (err) {
      // Pending still, failed or refunded: read back below.
      if (!(err instanceof AppError) && !(err instanceof CapturePending)) throw err;
    }
    const after = await paymentRow(ctx, payment.id);
    if (after.status === 'completed') return 'applied';
    return after.status === 'created' ? 'open' : 'failed';
  }
  if (order.status === 'VOIDED') {
    await markFailed(ctx, payment.id, paymentMessages.failed, 'VOIDED');
    return 'failed';
  }
  // Not captured yet as PayPal tells it; a capture request still in transit may land later, so
  // the order stays uncertain (re-read again; the buyer may complete it) until PayPal settles it
  // (expired orders answer 404 or VOIDED).
  return 'open';
}

/**
 * Re-reads completed payments of the last 180 days, each at most once a day, for refunds and
 * reversals whose webhook never arrived: a capture PayPal now reports REFUNDED (in full) takes
 * its plan back, as the webhook would have.
 */
async function recheckCompleted(ctx: BillingContext, result: ReconcileResult) {
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'completed'),
        isNotNull(payments.paypalOrderId),
        gt(payments.completedAt, new Date(now.getTime() - RECHECK_WINDOW_MS)),
        or(
          isNull(payments.checkedAt),
          lt(payments.checkedAt, new Date(now.getTime() - RECHECK_EVERY_MS)),
        ),
      ),
    )
    .orderBy(asc(payments.checkedAt))
    .limit(RECHECK_BATCH);
  for (const payment of due) {
    result.rechecked++;
    try {
      const kind = await ctx.oneAtATime(payment.paypalOrderId!, async () => {
        const order = await lookUp(ctx, payment.paypalOrderId!);
        const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
        if (capture?.status === 'REFUNDED') {
          const reversed = capture.status_details?.reason === 'CHARGEBACK';
          return (await revoke(ctx, payment, reversed ? 'reversed' : 'refunded')) ? 1 : 0;
        }
        await ctx.db
          .update(payments)
          .set({ checkedAt: ctx.now() })
          .where(eq(payments.id, payment.id));
        return 0;
      });
      result.revoked += kind;
    } catch (err) {
      ctx.log.error({ err, paymentId: payment.id }, 'PayPal re-check failed; retried');
    }
  }
}
