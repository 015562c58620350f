/**
 * Reads and small status writes of `payments` rows (and the buyer's account) shared by orders,
 * captures, refunds and the reconciliation; PayPal's own view of an order.
 */
import { AppError, paymentMessages } from '@folio/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { payments, users, type PaymentRow, type UserRow } from '../../db/schema.ts';
import type { BillingContext } from './context.ts';
import { PayPalError, type PayPalOrder } from './paypal-client.ts';

export async function paymentRow(ctx: BillingContext, id: number): Promise<PaymentRow> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Payment order not found');
  return row;
}

export async function userRow(ctx: BillingContext, id: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return row;
}

/** A payment whose capture nobody has recorded yet: open, or voided while it was captured. */
export function unrecorded(id: number) {
  return and(
    eq(payments.id, id),
    inArray(payments.status, ['created', 'voided']),
    isNull(payments.captureId),
  );
}

export async function markFailed(
  ctx: BillingContext,
  id: number,
  reason: string,
  paypalStatus: string | null,
) {
  await ctx.db
    .update(payments)
    .set({ status: 'failed', failureReason: reason, paypalStatus, updatedAt: ctx.now() })
    .where(and(eq(payments.id, id), eq(payments.status, 'created')));
}

export async function setPayPalStatus(ctx: BillingContext, id: number, paypalStatus: string) {
  await ctx.db
    .update(payments)
    .set({ paypalStatus, updatedAt: ctx.now() })
    .where(and(eq(payments.id, id), eq(payments.status, 'created')));
}

/** PayPal's view of an order; null when PayPal no longer knows it (expired). */
export async function lookUp(ctx: BillingContext, orderId: string): Promise<PayPalOrder | null> {
  try {
    return await ctx.paypal().getOrder(orderId);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404) return null;
    ctx.log.error({ err, orderId }, 'PayPal order lookup failed');
    throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
  }
}
