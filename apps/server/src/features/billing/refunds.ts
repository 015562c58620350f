/**
 * Refunds of captured payments that were not applied (status refund_due), and what a completion
 * answers for an order that is no longer open.
 */
import { AppError, paymentMessages } from '@folio/core';
import { and, eq } from 'drizzle-orm';
import { payments, type PaymentRow, type UserRow } from '../../db/schema.ts';
import type { BillingContext } from './context.ts';
import { userRow } from './payment-rows.ts';
import { PayPalError } from './paypal-client.ts';

/** What a completion answers for an order that is no longer open. */
export async function answer(ctx: BillingContext, payment: PaymentRow): Promise<UserRow> {
  if (payment.status === 'completed') return userRow(ctx, payment.userId!);
  if (payment.status === 'refund_due') return refund(ctx, payment);
  const reason = payment.failureReason ?? paymentMessages.failed;
  if (payment.status === 'refunded') {
    throw new AppError('PAYMENT_FAILED', `${reason} ${paymentMessages.refunded}`);
  }
  if (payment.status === 'voided') throw new AppError('CONFLICT', reason);
  throw new AppError('PAYMENT_FAILED', reason);
}

/**
 * Refunds a captured payment that was not applied (status refund_due) in full; the request id
 * makes a retry refund once. Throws the answer for the buyer: refunded, or to be refunded.
 */
async function refund(ctx: BillingContext, payment: PaymentRow): Promise<never> {
  const reason = payment.failureReason ?? paymentMessages.failed;
  try {
    const refunded = await ctx
      .paypal()
      .refundCapture(payment.captureId!, `refund-${payment.reference}`);
    await markRefunded(ctx, payment.id, `REFUND_${refunded.status}`);
  } catch (err) {
    if (err instanceof PayPalError && err.issue === 'CAPTURE_FULLY_REFUNDED') {
      await markRefunded(ctx, payment.id, 'REFUNDED');
    } else {
      ctx.log.error(
        { err, paymentId: payment.id, captureId: payment.captureId },
        'refund of a payment that was not applied failed; retried on the next attempt',
      );
      throw new AppError('PAYMENT_FAILED', `${reason} ${paymentMessages.refundPending}`, {
        cause: err,
      });
    }
  }
  ctx.log.warn(
    { paymentId: payment.id, userId: payment.userId, captureId: payment.captureId },
    'captured payment not applied; refunded',
  );
  throw new AppError('PAYMENT_FAILED', `${reason} ${paymentMessages.refunded}`);
}

async function markRefunded(ctx: BillingContext, id: number, paypalStatus: string) {
  await ctx.db
    .update(payments)
    .set({ status: 'refunded', paypalStatus, updatedAt: ctx.now() })
    .where(and(eq(payments.id, id), eq(payments.status, 'refund_due')));
}

/** Tries again the refunds of an account that PayPal did not take before. */
export async function retryRefunds(ctx: BillingContext, userId: number) {
  const due = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'refund_due')));
  for (const payment of due) await refund(ctx, payment).catch(() => {});
}
