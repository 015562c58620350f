/**
 * Completing an approved order: the capture at PayPal (retried with one request id when
 * unanswered), and recording what PayPal answered: applied, pending, failed, or refunded when the
 * money does not pay for this order.
 */
import {
  AppError,
  effectivePlan,
  formatAmount,
  parseAmount,
  paymentMessages,
  purchaseRefusal,
} from '@folio/core';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payments, type PaymentRow, type UserRow } from '../../db/schema.ts';
import {
  CAPTURE_PENDING,
  CAPTURE_UNCERTAIN,
  CapturePending,
  toPurchasable,
  type BillingContext,
} from './context.ts';
import {
  lookUp,
  markFailed,
  paymentRow,
  setPayPalStatus,
  unrecorded,
  userRow,
} from './payment-rows.ts';
import { PayPalError, type PayPalClient, type PayPalOrder } from './paypal-client.ts';
import { applyPayment } from './plans.ts';
import { answer } from './refunds.ts';

/** Capture requests per completion, all with one PayPal-Request-Id (PayPal's idempotency). */
const CAPTURE_ATTEMPTS = 3;
/** Capture statuses that mean the money was not (or no longer is) taken: nothing is applied. */
const failedCaptures = new Set(['DECLINED', 'FAILED', 'REFUNDED']);

/**
 * Capture issues after which PayPal's integration guide restarts the buyer in the PayPal button
 * (`actions.restart()`) to choose another funding source: answered PAYMENT_RESTART.
 */
const restartIssues = new Set(['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING']);

/** PayPal capture issues that mean "the buyer has to do something", with what we tell them. */
const buyerIssues: Record<string, string> = {
  ORDER_NOT_APPROVED: `The payment was not approved. ${paymentMessages.failed}`,
  PAYER_ACTION_REQUIRED: `The payment needs your confirmation at PayPal. ${paymentMessages.failed}`,
  PAYER_CANNOT_PAY: `PayPal could not take this payment. ${paymentMessages.failed}`,
  TRANSACTION_REFUSED: `The payment was refused. ${paymentMessages.failed}`,
};

/**
 * Captures an approved order and applies the purchase, once. Completing an order that is
 * already applied answers with the current user; concurrent completions of one order in this
 * process run one after the other, and across processes the conditional update decides.
 */
export async function completeOrder(
  ctx: BillingContext,
  user: UserRow,
  orderId: string,
): Promise<UserRow> {
  ctx.paypal();
  return ctx.oneAtATime(orderId, () => complete(ctx, user, orderId));
}

async function complete(ctx: BillingContext, user: UserRow, orderId: string): Promise<UserRow> {
  const paypal = ctx.paypal();
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.paypalOrderId, orderId))
    .limit(1);
  // An order of another account is answered exactly like an unknown one.
  if (!payment || payment.userId !== user.id) {
    throw new AppError('NOT_FOUND', 'Payment order not found', { field: 'orderId' });
  }
  if (payment.status === 'voided') {
    // Never captured by us; but a capture that raced with the voiding is still recorded.
    const order = await lookUp(ctx, orderId);
    if (order?.status !== 'COMPLETED') throw new AppError('CONFLICT', paymentMessages.replaced);
    return record(ctx, payment, order);
  }
  if (payment.status !== 'created') return answer(ctx, payment);
  if (payment.paypalStatus === CAPTURE_PENDING || payment.paypalStatus === CAPTURE_UNCERTAIN) {
    // A capture may already have happened: read it back instead of capturing again.
    const order = await lookUp(ctx, orderId);
    if (order?.status === 'COMPLETED') return record(ctx, payment, order);
  }

  const fresh = await userRow(ctx, user.id);
  const refusal = purchaseRefusal(effectivePlan(fresh, ctx.now()), toPurchasable(payment.plan));
  if (refusal) {
    // Refuse before capturing; unless a capture already happened (a completion that stopped
    // half-way): that one is recorded, and refunded.
    const order = await lookUp(ctx, orderId);
    if (order?.status === 'COMPLETED') return record(ctx, payment, order);
    await markFailed(ctx, payment.id, refusal, 'REFUSED');
    throw new AppError('CONFLICT', refusal);
  }

  return record(ctx, payment, await capture(ctx, paypal, payment));
}

/** Records PayPal's answer to a capture: applied, or refunded when it cannot be applied. */
export async function record(
  ctx: BillingContext,
  payment: PaymentRow,
  order: PayPalOrder,
): Promise<UserRow> {
  const orderId = order.id;
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];

  if (!capture || capture.status !== 'COMPLETED' || order.status !== 'COMPLETED') {
    const status = capture?.status ?? order.status;
    if (status === 'PENDING') {
      // The money is on its way but not taken: recorded as pending, applied only when PayPal
      // completes it (the reconciliation job re-reads the order), and the order stays open.
      await setPayPalStatus(ctx, payment.id, CAPTURE_PENDING);
      ctx.log.info(
        { paymentId: payment.id, orderId, reason: capture?.status_details?.reason },
        'PayPal capture pending; the plan is applied when it completes',
      );
      throw new CapturePending();
    }
    if (failedCaptures.has(status) || order.status === 'VOIDED') {
      // No money taken (or given back): failed, nothing applied, and the buyer is told so.
      const declined = `The payment was declined. ${paymentMessages.failed}`;
      await markFailed(ctx, payment.id, declined, status);
      throw new AppError('PAYMENT_FAILED', declined);
    } else {
      await setPayPalStatus(ctx, payment.id, status);
    }
    throw new AppError(
      'PAYMENT_FAILED',
      `The payment was not completed. ${paymentMessages.failed}`,
    );
  }

  const capturedCents = capture.amount ? parseAmount(capture.amount.value) : null;
  const customId = capture.custom_id ?? unit?.custom_id;
  const problem =
    capturedCents !== payment.amountCents || capture.amount?.currency_code !== payment.currency
      ? `captured ${capture.amount?.value ?? '?'} ${capture.amount?.currency_code ?? '?'}, ` +
        `expected ${formatAmount(payment.amountCents)} ${payment.currency}`
      : customId !== undefined && customId !== payment.reference
        ? `custom_id ${customId} is not this order's reference`
        : null;
  if (problem) {
    // Money moved but does not pay for this order: apply nothing, refund it, keep the details.
    ctx.log.error(
      { paymentId: payment.id, orderId, captureId: capture.id, problem },
      'PayPal capture does not match the recorded order; not applied, refunding',
    );
    const [row] = await ctx.db
      .update(payments)
      .set({
        status: 'refund_due',
        captureId: capture.id,
        paypalStatus: capture.status,
        failureReason: 'The payment did not match the order.',
        updatedAt: ctx.now(),
      })
      .where(unrecorded(payment.id))
      .returning();
    return answer(ctx, row ?? (await paymentRow(ctx, payment.id)));
  }

  const result = await applyPayment(ctx, payment, capture.id, capture.status);
  if ('user' in result) return result.user;
  return answer(ctx, result.recorded ?? (await paymentRow(ctx, payment.id)));
}

/**
 * Captures at PayPal; a capture that already happened (retry after a crash) is read back. A
 * capture without an answer (timeout, 5xx: PayPal may have taken the money) is retried with the
 * same PayPal-Request-Id, which PayPal answers with what the first request did; still without
 * an answer, the order is left "uncertain" for the reconciliation job.
 */
async function capture(
  ctx: BillingContext,
  paypal: PayPalClient,
  payment: PaymentRow,
): Promise<PayPalOrder> {
  const orderId = payment.paypalOrderId!;
  // A fresh request id per completion: a retry after "not approved" must really try again; a
  // duplicate capture answers ORDER_ALREADY_CAPTURED, handled below.
  const requestId = `capture-${payment.reference}-${randomUUID()}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await paypal.captureOrder(orderId, requestId);
    } catch (err) {
      if (!(err instanceof PayPalError) || !unanswered(err))
        return captureFailed(ctx, err, payment);
      if (attempt < CAPTURE_ATTEMPTS) continue;
      await setPayPalStatus(ctx, payment.id, CAPTURE_UNCERTAIN);
      ctx.log.error(
        { err, paymentId: payment.id, orderId, requestId },
        'PayPal capture unanswered; left uncertain for reconciliation',
      );
      throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.uncertain, { cause: err });
    }
  }
}

/** A capture PayPal answered with an error (or that failed here). */
async function captureFailed(
  ctx: BillingContext,
  err: unknown,
  payment: PaymentRow,
): Promise<PayPalOrder> {
  const paypal = ctx.paypal();
  const orderId = payment.paypalOrderId!;
  if (!(err instanceof PayPalError)) throw err;
  if (err.issue === 'ORDER_ALREADY_CAPTURED') {
    try {
      return await paypal.getOrder(orderId);
    } catch (getErr) {
      return unavailable(ctx, getErr);
    }
  }
  if (err.issue && restartIssues.has(err.issue)) {
    // The order needs the buyer again (another funding source): it stays open.
    await setPayPalStatus(ctx, payment.id, err.issue);
    throw new AppError('PAYMENT_RESTART', paymentMessages.restart, { cause: err });
  }
  const buyerMessage = err.issue ? buyerIssues[err.issue] : undefined;
  if (buyerMessage) {
    // Recoverable: the buyer may approve or pick another funding source and complete again.
    await setPayPalStatus(ctx, payment.id, err.issue!);
    throw new AppError('PAYMENT_FAILED', buyerMessage, { cause: err });
  }
  if (err.status === 404 || err.status === 422) {
    await markFailed(ctx, payment.id, paymentMessages.failed, err.issue ?? err.errorName);
    throw new AppError('PAYMENT_FAILED', paymentMessages.failed, { cause: err });
  }
  return unavailable(ctx, err);
}

function unavailable(ctx: BillingContext, err: unknown): never {
  ctx.log.error({ err }, 'PayPal capture failed');
  throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
}

/** A capture that got no answer: PayPal may or may not have acted (retry with the same id). */
function unanswered(err: PayPalError): boolean {
  return err.status === 0 || err.status >= 500;
}
