/**
 * Starting a purchase: a PayPal order whose amount comes from the plan catalogue and the active
 * sale, written as the account's one open `payments` row. An older open order is settled first
 * (voided, or its capture recorded).
 */
import {
  AppError,
  CURRENCY,
  effectivePlan,
  formatAmount,
  paymentMessages,
  plans,
  purchaseRefusal,
  type BillingInterval,
  type CreateOrderInput,
  type CreateOrderResponse,
  type PurchasablePlanId,
} from '@folio/core';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { uniqueViolation } from '../../db/errors.ts';
import { payments, type PaymentRow, type UserRow } from '../../db/schema.ts';
import { completeOrder } from './captures.ts';
import {
  CAPTURE_PENDING,
  CAPTURE_UNCERTAIN,
  errorReason,
  errorStatus,
  type BillingContext,
} from './context.ts';
import { lookUp, markFailed, userRow } from './payment-rows.ts';
import type { PayPalOrder } from './paypal-client.ts';
import { price } from './plans.ts';
import { retryRefunds } from './refunds.ts';

const intervalLabel: Record<BillingInterval, string> = {
  month: 'monthly',
  year: 'yearly',
  once: 'one-time',
};

/**
 * An open order still without a PayPal id this long after it was written was abandoned (the process
 * creating it stopped): its buyer never saw it, so it can never be approved, and it is voided.
 */
const CREATE_WINDOW_MS = 2 * 60_000;

/** The index that keeps one open order per account (db/schema/billing.ts). */
const ONE_OPEN_ORDER_INDEX = 'payments_one_open_per_user_idx';

export async function createOrder(
  ctx: BillingContext,
  user: UserRow,
  input: CreateOrderInput,
): Promise<CreateOrderResponse> {
  const paypal = ctx.paypal();
  refuse(ctx, user, input.plan);
  const cost = price(ctx, input.plan, input.interval);
  const reference = randomUUID();
  const values = {
    userId: user.id,
    reference,
    plan: input.plan,
    interval: input.interval,
    amountCents: cost.cents,
    regularCents: cost.regularCents,
    currency: CURRENCY,
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  };

  let payment = await insertOpen(ctx, values);
  if (!payment) {
    // The account has an open order: settle it (void it, or record its capture), then once more.
    // A second miss means another request opened one meanwhile.
    refuse(ctx, await settleOpenOrder(ctx, user), input.plan);
    payment = await insertOpen(ctx, values);
    if (!payment) throw new AppError('CONFLICT', paymentMessages.orderInProgress);
  }

  const appName = ctx.options.appName;
  let order: PayPalOrder;
  try {
    order = await paypal.createOrder({
      reference,
      value: formatAmount(cost.cents),
      currency: CURRENCY,
      description: `${appName} ${plans[input.plan].name} (${intervalLabel[input.interval]})`,
      brandName: appName,
    });
  } catch (err) {
    ctx.log.error({ err, paymentId: payment.id }, 'PayPal order creation failed');
    await markFailed(ctx, payment.id, errorReason(err), errorStatus(err));
    throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.createFailed, { cause: err });
  }
  await ctx.db
    .update(payments)
    .set({ paypalOrderId: order.id, paypalStatus: order.status, updatedAt: ctx.now() })
    .where(eq(payments.id, payment.id));
  return { orderID: order.id };
}

function refuse(ctx: BillingContext, user: UserRow, plan: PurchasablePlanId) {
  const refusal = purchaseRefusal(effectivePlan(user, ctx.now()), plan);
  if (refusal) throw new AppError('CONFLICT', refusal, { field: 'plan' });
}

/** Writes a new open order; null when the account already has one (the unique index says so). */
async function insertOpen(
  ctx: BillingContext,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow | null> {
  try {
    const [row] = await ctx.db.insert(payments).values(values).returning();
    return row!;
  } catch (err) {
    if (uniqueViolation(err) === ONE_OPEN_ORDER_INDEX) return null;
    throw err;
  }
}

/**
 * Closes the account's open order before a new one: one PayPal never captured is voided (it is
 * never captured afterwards); one PayPal did capture (a completion that stopped half-way) is
 * recorded now, applied or refunded. One still being created, or whose state PayPal does not
 * tell, is left open and the new order is refused. Answers the account as it is afterwards.
 */
async function settleOpenOrder(ctx: BillingContext, user: UserRow): Promise<UserRow> {
  await retryRefunds(ctx, user.id);
  const [open] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.status, 'created')))
    .limit(1);
  if (!open) return userRow(ctx, user.id);
  if (!open.paypalOrderId) {
    if (ctx.now().getTime() - open.createdAt.getTime() < CREATE_WINDOW_MS) {
      throw new AppError('CONFLICT', paymentMessages.orderInProgress);
    }
    await voidOrder(ctx, open.id, null);
    return userRow(ctx, user.id);
  }
  const order = await lookUp(ctx, open.paypalOrderId);
  if (order?.status === 'COMPLETED') {
    try {
      await completeOrder(ctx, user, open.paypalOrderId);
    } catch (err) {
      // CapturePending included: the row stays open and pending, refused below.
      // Recorded (e.g. refunded) is settled; still open (pending at PayPal, …) refuses the new one.
      const [after] = await ctx.db.select().from(payments).where(eq(payments.id, open.id));
      if (after?.status === 'created') {
        if (after.paypalStatus === CAPTURE_PENDING) {
          throw new AppError('CONFLICT', paymentMessages.pending, { cause: err });
        }
        throw err;
      }
    }
  } else if (open.paypalStatus === CAPTURE_UNCERTAIN) {
    // A capture may still land on it: never voided here; the reconciliation settles it.
    throw new AppError('CONFLICT', paymentMessages.uncertain);
  } else {
    await voidOrder(ctx, open.id, order?.status ?? 'NOT_FOUND');
  }
  return userRow(ctx, user.id);
}

async function voidOrder(ctx: BillingContext, id: number, paypalStatus: string | null) {
  await ctx.db
    .update(payments)
    .set({
      status: 'voided',
      failureReason: paymentMessages.replaced,
      paypalStatus,
      updatedAt: ctx.now(),
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'created')));
}
