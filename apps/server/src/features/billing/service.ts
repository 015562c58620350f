import { randomUUID } from 'node:crypto';
import {
  addMonths,
  AppError,
  applyPurchase,
  CURRENCY,
  effectivePlan,
  formatAmount,
  parseAmount,
  paymentMessages,
  plans,
  priceFor,
  priceList,
  purchaseRefusal,
  refillCredits,
  toPlanId,
  type BillingInterval,
  type CreateOrderInput,
  type CreateOrderResponse,
  type PriceList,
  type PurchasablePlanId,
} from '@folio/core';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { payments, users, type PaymentRow, type UserRow } from '../../db/schema.ts';
import { PayPalError, type PayPalClient, type PayPalOrder } from './paypal-client.ts';

export interface BillingOptions {
  db: Db;
  /** null when PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are not set: purchases answer 503. */
  paypal: PayPalClient | null;
  salePercent: number;
  saleEndsAt: string;
  appName: string;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

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

/** The index that keeps one open order per account (db/schema.ts). */
const ONE_OPEN_ORDER_INDEX = 'payments_one_open_per_user_idx';

/**
 * paypal_status of an open order whose capture PayPal holds as PENDING (e.g. an eCheck that has
 * not cleared): money on its way, plan not applied yet. It stays open (so no second order can be
 * started) until the reconciliation re-reads it as completed or failed.
 */
export const CAPTURE_PENDING = 'PENDING';
/**
 * paypal_status of an open order whose capture got no answer (timeout, 5xx) after retries with
 * the same PayPal-Request-Id: PayPal may have taken the money. Re-read by the reconciliation.
 */
export const CAPTURE_UNCERTAIN = 'CAPTURE_UNCERTAIN';
/** Capture requests per completion, all with one PayPal-Request-Id (PayPal's idempotency). */
const CAPTURE_ATTEMPTS = 3;
/** Capture statuses that mean the money was not (or no longer is) taken: nothing is applied. */
const failedCaptures = new Set(['DECLINED', 'FAILED', 'REFUNDED']);

export interface ReconcileResult {
  checked: number;
  applied: number;
  failed: number;
  /** Still pending or unknown at PayPal, or back to an ordinary open order. */
  open: number;
}

/** PayPal capture issues that mean "the buyer has to do something", with what we tell them. */
const buyerIssues: Record<string, string> = {
  ORDER_NOT_APPROVED: `The payment was not approved. ${paymentMessages.failed}`,
  PAYER_ACTION_REQUIRED: `The payment needs your confirmation at PayPal. ${paymentMessages.failed}`,
  INSTRUMENT_DECLINED: `Your payment method was declined. ${paymentMessages.failed}`,
  PAYER_CANNOT_PAY: `PayPal could not take this payment. ${paymentMessages.failed}`,
  TRANSACTION_REFUSED: `The payment was refused. ${paymentMessages.failed}`,
};

/**
 * Purchases through PayPal Orders v2 (create → buyer approves → complete). Every amount comes from
 * the plan catalogue and the active sale; every attempt is a `payments` row; completing applies
 * the purchase once, in one transaction that moves the row from "created" to "completed".
 *
 * Money is never kept without its plan: an account has at most one open order (a unique index
 * decides between concurrent requests, in any number of processes); a newer order voids an older
 * one that was never captured (it is never captured afterwards); and a capture that cannot be
 * applied (the account already has more, or the amount does not match) is refunded at PayPal.
 */
export class Billing {
  private readonly now: () => Date;
  /** Completions in progress in this process, by PayPal order id (later callers wait). */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly o: BillingOptions) {
    this.now = o.now ?? (() => new Date());
  }

  get configured(): boolean {
    return this.o.paypal !== null;
  }

  private paypal(): PayPalClient {
    if (!this.o.paypal) throw new AppError('NOT_CONFIGURED', paymentMessages.notConfigured);
    return this.o.paypal;
  }

  /** The price the server charges now for a plan and interval. */
  price(plan: PurchasablePlanId, interval: BillingInterval) {
    return priceFor(plan, interval, {
      salePercent: this.o.salePercent,
      saleEndsAt: this.o.saleEndsAt,
      now: this.now(),
    });
  }

  /** The price list the pricing page shows: the same numbers createOrder charges. */
  prices(): PriceList {
    return priceList(
      { salePercent: this.o.salePercent, saleEndsAt: this.o.saleEndsAt, now: this.now() },
      this.configured,
    );
  }

  async createOrder(user: UserRow, input: CreateOrderInput): Promise<CreateOrderResponse> {
    const paypal = this.paypal();
    this.refuse(user, input.plan);
    const price = this.price(input.plan, input.interval);
    const reference = randomUUID();
    const values = {
      userId: user.id,
      reference,
      plan: input.plan,
      interval: input.interval,
      amountCents: price.cents,
      regularCents: price.regularCents,
      currency: CURRENCY,
      createdAt: this.now(),
      updatedAt: this.now(),
    };

    let payment = await this.insertOpen(values);
    if (!payment) {
      // The account has an open order: settle it (void it, or record its capture), then once more.
      // A second miss means another request opened one meanwhile.
      this.refuse(await this.settleOpenOrder(user), input.plan);
      payment = await this.insertOpen(values);
      if (!payment) throw new AppError('CONFLICT', paymentMessages.orderInProgress);
    }

    let order: PayPalOrder;
    try {
      order = await paypal.createOrder({
        reference,
        value: formatAmount(price.cents),
        currency: CURRENCY,
        description: `${this.o.appName} ${plans[input.plan].name} (${intervalLabel[input.interval]})`,
        brandName: this.o.appName,
      });
    } catch (err) {
      this.o.log.error({ err, paymentId: payment.id }, 'PayPal order creation failed');
      await this.markFailed(payment.id, errorReason(err), errorStatus(err));
      throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.createFailed, { cause: err });
    }
    await this.o.db
      .update(payments)
      .set({ paypalOrderId: order.id, paypalStatus: order.status, updatedAt: this.now() })
      .where(eq(payments.id, payment.id));
    return { orderID: order.id };
  }

  private refuse(user: UserRow, plan: PurchasablePlanId) {
    const refusal = purchaseRefusal(effectivePlan(user, this.now()), plan);
    if (refusal) throw new AppError('CONFLICT', refusal, { field: 'plan' });
  }

  /** Writes a new open order; null when the account already has one (the unique index says so). */
  private async insertOpen(values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
    try {
      const [row] = await this.o.db.insert(payments).values(values).returning();
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
  private async settleOpenOrder(user: UserRow): Promise<UserRow> {
    await this.retryRefunds(user.id);
    const [open] = await this.o.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.status, 'created')))
      .limit(1);
    if (!open) return this.userRow(user.id);
    if (!open.paypalOrderId) {
      if (this.now().getTime() - open.createdAt.getTime() < CREATE_WINDOW_MS) {
        throw new AppError('CONFLICT', paymentMessages.orderInProgress);
      }
      await this.voidOrder(open.id, null);
      return this.userRow(user.id);
    }
    const order = await this.lookUp(open.paypalOrderId);
    if (order?.status === 'COMPLETED') {
      try {
        await this.completeOrder(user, open.paypalOrderId);
      } catch (err) {
        // Recorded (e.g. refunded) is settled; still open (pending at PayPal, …) refuses the new one.
        const [after] = await this.o.db.select().from(payments).where(eq(payments.id, open.id));
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
      await this.voidOrder(open.id, order?.status ?? 'NOT_FOUND');
    }
    return this.userRow(user.id);
  }

  /** PayPal's view of an order; null when PayPal no longer knows it (expired). */
  private async lookUp(orderId: string): Promise<PayPalOrder | null> {
    try {
      return await this.paypal().getOrder(orderId);
    } catch (err) {
      if (err instanceof PayPalError && err.status === 404) return null;
      this.o.log.error({ err, orderId }, 'PayPal order lookup failed');
      throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
    }
  }

  private async voidOrder(id: number, paypalStatus: string | null) {
    await this.o.db
      .update(payments)
      .set({
        status: 'voided',
        failureReason: paymentMessages.replaced,
        paypalStatus,
        updatedAt: this.now(),
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'created')));
  }

  /**
   * Captures an approved order and applies the purchase, once. Completing an order that is
   * already applied answers with the current user; concurrent completions of one order in this
   * process run one after the other, and across processes the conditional update decides.
   */
  async completeOrder(user: UserRow, orderId: string): Promise<UserRow> {
    this.paypal();
    return this.oneAtATime(orderId, () => this.complete(user, orderId));
  }

  /** Runs `work` for an order after any completion or reconciliation of it in this process. */
  private async oneAtATime<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.inFlight.get(orderId) ?? Promise.resolve(null);
    const run = previous.catch(() => null).then(work);
    this.inFlight.set(orderId, run);
    try {
      return await run;
    } finally {
      if (this.inFlight.get(orderId) === run) this.inFlight.delete(orderId);
    }
  }

  private async complete(user: UserRow, orderId: string): Promise<UserRow> {
    const paypal = this.paypal();
    const [payment] = await this.o.db
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
      const order = await this.lookUp(orderId);
      if (order?.status !== 'COMPLETED') throw new AppError('CONFLICT', paymentMessages.replaced);
      return this.record(payment, order);
    }
    if (payment.status !== 'created') return this.answer(payment);
    if (payment.paypalStatus === CAPTURE_PENDING || payment.paypalStatus === CAPTURE_UNCERTAIN) {
      // A capture may already have happened: read it back instead of capturing again.
      const order = await this.lookUp(orderId);
      if (order?.status === 'COMPLETED') return this.record(payment, order);
    }

    const fresh = await this.userRow(user.id);
    const refusal = purchaseRefusal(effectivePlan(fresh, this.now()), toPurchasable(payment.plan));
    if (refusal) {
      // Refuse before capturing; unless a capture already happened (a completion that stopped
      // half-way): that one is recorded, and refunded.
      const order = await this.lookUp(orderId);
      if (order?.status === 'COMPLETED') return this.record(payment, order);
      await this.markFailed(payment.id, refusal, 'REFUSED');
      throw new AppError('CONFLICT', refusal);
    }

    return this.record(payment, await this.capture(paypal, payment));
  }

  /** What a completion answers for an order that is no longer open. */
  private async answer(payment: PaymentRow): Promise<UserRow> {
    if (payment.status === 'completed') return this.userRow(payment.userId!);
    if (payment.status === 'refund_due') return this.refund(payment);
    const reason = payment.failureReason ?? paymentMessages.failed;
    if (payment.status === 'refunded') {
      throw new AppError('PAYMENT_FAILED', `${reason} ${paymentMessages.refunded}`);
    }
    if (payment.status === 'voided') throw new AppError('CONFLICT', reason);
    throw new AppError('PAYMENT_FAILED', reason);
  }

  /** Records PayPal's answer to a capture: applied, or refunded when it cannot be applied. */
  private async record(payment: PaymentRow, order: PayPalOrder): Promise<UserRow> {
    const orderId = order.id;
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];

    if (!capture || capture.status !== 'COMPLETED' || order.status !== 'COMPLETED') {
      const status = capture?.status ?? order.status;
      if (status === 'PENDING') {
        // The money is on its way but not taken: recorded as pending, applied only when PayPal
        // completes it (the reconciliation job re-reads the order), and the order stays open.
        await this.setPayPalStatus(payment.id, CAPTURE_PENDING);
        this.o.log.info(
          { paymentId: payment.id, orderId, reason: capture?.status_details?.reason },
          'PayPal capture pending; the plan is applied when it completes',
        );
        throw new AppError('PAYMENT_FAILED', paymentMessages.pending);
      }
      if (failedCaptures.has(status) || order.status === 'VOIDED') {
        // No money taken (or given back): failed, nothing applied, and the buyer is told so.
        const declined = `The payment was declined. ${paymentMessages.failed}`;
        await this.markFailed(payment.id, declined, status);
        throw new AppError('PAYMENT_FAILED', declined);
      } else {
        await this.setPayPalStatus(payment.id, status);
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
      this.o.log.error(
        { paymentId: payment.id, orderId, captureId: capture.id, problem },
        'PayPal capture does not match the recorded order; not applied, refunding',
      );
      const [row] = await this.o.db
        .update(payments)
        .set({
          status: 'refund_due',
          captureId: capture.id,
          paypalStatus: capture.status,
          failureReason: 'The payment did not match the order.',
          updatedAt: this.now(),
        })
        .where(this.unrecorded(payment.id))
        .returning();
      return this.answer(row ?? (await this.paymentRow(payment.id)));
    }

    return this.apply(payment, capture.id, capture.status);
  }

  /** A payment whose capture nobody has recorded yet: open, or voided while it was captured. */
  private unrecorded(id: number) {
    return and(
      eq(payments.id, id),
      inArray(payments.status, ['created', 'voided']),
      isNull(payments.captureId),
    );
  }

  private async paymentRow(id: number): Promise<PaymentRow> {
    const [row] = await this.o.db.select().from(payments).where(eq(payments.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'Payment order not found');
    return row;
  }

  /**
   * Refunds a captured payment that was not applied (status refund_due) in full; the request id
   * makes a retry refund once. Throws the answer for the buyer: refunded, or to be refunded.
   */
  private async refund(payment: PaymentRow): Promise<never> {
    const reason = payment.failureReason ?? paymentMessages.failed;
    try {
      const refund = await this.paypal().refundCapture(
        payment.captureId!,
        `refund-${payment.reference}`,
      );
      await this.markRefunded(payment.id, `REFUND_${refund.status}`);
    } catch (err) {
      if (err instanceof PayPalError && err.issue === 'CAPTURE_FULLY_REFUNDED') {
        await this.markRefunded(payment.id, 'REFUNDED');
      } else {
        this.o.log.error(
          { err, paymentId: payment.id, captureId: payment.captureId },
          'refund of a payment that was not applied failed; retried on the next attempt',
        );
        throw new AppError('PAYMENT_FAILED', `${reason} ${paymentMessages.refundPending}`, {
          cause: err,
        });
      }
    }
    this.o.log.warn(
      { paymentId: payment.id, userId: payment.userId, captureId: payment.captureId },
      'captured payment not applied; refunded',
    );
    throw new AppError('PAYMENT_FAILED', `${reason} ${paymentMessages.refunded}`);
  }

  private async markRefunded(id: number, paypalStatus: string) {
    await this.o.db
      .update(payments)
      .set({ status: 'refunded', paypalStatus, updatedAt: this.now() })
      .where(and(eq(payments.id, id), eq(payments.status, 'refund_due')));
  }

  /** Tries again the refunds of an account that PayPal did not take before. */
  private async retryRefunds(userId: number) {
    const due = await this.o.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'refund_due')));
    for (const payment of due) await this.refund(payment).catch(() => {});
  }

  /**
   * Captures at PayPal; a capture that already happened (retry after a crash) is read back. A
   * capture without an answer (timeout, 5xx: PayPal may have taken the money) is retried with the
   * same PayPal-Request-Id, which PayPal answers with what the first request did; still without
   * an answer, the order is left "uncertain" for the reconciliation job.
   */
  private async capture(paypal: PayPalClient, payment: PaymentRow): Promise<PayPalOrder> {
    const orderId = payment.paypalOrderId!;
    // A fresh request id per completion: a retry after "not approved" must really try again; a
    // duplicate capture answers ORDER_ALREADY_CAPTURED, handled below.
    const requestId = `capture-${payment.reference}-${randomUUID()}`;
    for (let attempt = 1; ; attempt++) {
      try {
        return await paypal.captureOrder(orderId, requestId);
      } catch (err) {
        if (!(err instanceof PayPalError) || !unanswered(err))
          return this.captureFailed(err, payment);
        if (attempt < CAPTURE_ATTEMPTS) continue;
        await this.setPayPalStatus(payment.id, CAPTURE_UNCERTAIN);
        this.o.log.error(
          { err, paymentId: payment.id, orderId, requestId },
          'PayPal capture unanswered; left uncertain for reconciliation',
        );
        throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.uncertain, { cause: err });
      }
    }
  }

  /** A capture PayPal answered with an error (or that failed here). */
  private async captureFailed(err: unknown, payment: PaymentRow): Promise<PayPalOrder> {
    const paypal = this.paypal();
    const orderId = payment.paypalOrderId!;
    if (!(err instanceof PayPalError)) throw err;
    if (err.issue === 'ORDER_ALREADY_CAPTURED') {
      try {
        return await paypal.getOrder(orderId);
      } catch (getErr) {
        return this.unavailable(getErr);
      }
    }
    const buyerMessage = err.issue ? buyerIssues[err.issue] : undefined;
    if (buyerMessage) {
      // Recoverable: the buyer may approve or pick another funding source and complete again.
      await this.setPayPalStatus(payment.id, err.issue!);
      throw new AppError('PAYMENT_FAILED', buyerMessage, { cause: err });
    }
    if (err.status === 404 || err.status === 422) {
      await this.markFailed(payment.id, paymentMessages.failed, err.issue ?? err.errorName);
      throw new AppError('PAYMENT_FAILED', paymentMessages.failed, { cause: err });
    }
    return this.unavailable(err);
  }

  /**
   * Re-reads every order left pending or uncertain at PayPal (GET order) and settles it:
   * completed → the purchase is applied (once, by the same transaction as a completion);
   * declined, failed, refunded, voided or gone (expired) → failed, nothing applied; not captured
   * yet → left as it is, re-read next time. Run by a scheduled job and at start-up.
   */
  async reconcile(): Promise<ReconcileResult> {
    const result: ReconcileResult = { checked: 0, applied: 0, failed: 0, open: 0 };
    if (!this.o.paypal) return result;
    const open = await this.o.db
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
        const outcome = await this.oneAtATime(payment.paypalOrderId!, () => this.settle(payment));
        result[outcome]++;
      } catch (err) {
        this.o.log.error({ err, paymentId: payment.id }, 'PayPal reconciliation failed; retried');
        result.open++;
      }
    }
    return result;
  }

  private async settle(stale: PaymentRow): Promise<'applied' | 'failed' | 'open'> {
    const payment = await this.paymentRow(stale.id);
    if (payment.status !== 'created') return payment.status === 'completed' ? 'applied' : 'failed';
    const order = await this.lookUp(payment.paypalOrderId!);
    if (!order) {
      await this.markFailed(payment.id, paymentMessages.failed, 'NOT_FOUND');
      return 'failed';
    }
    if (order.status === 'COMPLETED') {
      try {
        await this.record(payment, order);
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // pending still, failed or refunded: see below
      }
      const after = await this.paymentRow(payment.id);
      if (after.status === 'completed') return 'applied';
      return after.status === 'created' ? 'open' : 'failed';
    }
    if (order.status === 'VOIDED') {
      await this.markFailed(payment.id, paymentMessages.failed, 'VOIDED');
      return 'failed';
    }
    // Not captured yet as PayPal tells it; a capture request still in transit may land later, so
    // the order stays uncertain (re-read again; the buyer may complete it) until PayPal settles it
    // (expired orders answer 404 or VOIDED).
    return 'open';
  }

  private unavailable(err: unknown): never {
    this.o.log.error({ err }, 'PayPal capture failed');
    throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
  }

  /**
   * The database half of a completion: one transaction, recorded only by the call that moves the
   * row. A purchase the account has outgrown meanwhile (Pro after Lifetime) is not applied but
   * marked refund_due and refunded right after.
   */
  private async apply(payment: PaymentRow, captureId: string, status: string): Promise<UserRow> {
    const now = this.now();
    const userId = payment.userId!;
    type Outcome = { user: UserRow } | { recorded: PaymentRow | null };
    const result = await this.o.db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new AppError('NOT_FOUND', 'Account not found');
      const purchase = {
        plan: toPurchasable(payment.plan),
        interval: toInterval(payment.interval),
      };
      const current = { plan: toPlanId(row.plan), planExpiresAt: row.planExpiresAt };
      const next = applyPurchase(current, purchase, now);
      const superseded = next === current;
      const [won] = await tx
        .update(payments)
        .set({
          status: superseded ? 'refund_due' : 'completed',
          captureId,
          paypalStatus: status,
          completedAt: superseded ? null : now,
          failureReason: superseded ? purchaseRefusal(current.plan, purchase.plan) : null,
          updatedAt: now,
        })
        .where(this.unrecorded(payment.id))
        .returning();
      if (!won) return { recorded: null }; // another completion recorded it first
      if (superseded) {
        this.o.log.warn(
          { paymentId: payment.id, userId, plan: row.plan },
          'paid purchase is already included in the account; not applied, refunding',
        );
        return { recorded: won };
      }
      const [updated] = await tx
        .update(users)
        .set({
          plan: next.plan,
          planExpiresAt: next.planExpiresAt,
          credits: refillCredits(next.plan) ?? row.credits,
          creditsRefilledAt: now,
          nextCreditRefillAt: addMonths(now, 1),
        })
        .where(eq(users.id, userId))
        .returning();
      this.o.log.info(
        { paymentId: payment.id, userId, plan: next.plan, planExpiresAt: next.planExpiresAt },
        'purchase applied',
      );
      return { user: updated! };
    });
    if ('user' in result) return result.user;
    return this.answer(result.recorded ?? (await this.paymentRow(payment.id)));
  }

  private async userRow(id: number): Promise<UserRow> {
    const [row] = await this.o.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row;
  }

  private async markFailed(id: number, reason: string, paypalStatus: string | null) {
    await this.o.db
      .update(payments)
      .set({ status: 'failed', failureReason: reason, paypalStatus, updatedAt: this.now() })
      .where(and(eq(payments.id, id), eq(payments.status, 'created')));
  }

  private async setPayPalStatus(id: number, paypalStatus: string) {
    await this.o.db
      .update(payments)
      .set({ paypalStatus, updatedAt: this.now() })
      .where(and(eq(payments.id, id), eq(payments.status, 'created')));
  }
}

function toPurchasable(plan: string): PurchasablePlanId {
  if (plan === 'pro' || plan === 'lifetime') return plan;
  throw new Error(`payment row with unknown plan ${plan}`);
}

function toInterval(interval: string): BillingInterval {
  if (interval === 'month' || interval === 'year' || interval === 'once') return interval;
  throw new Error(`payment row with unknown interval ${interval}`);
}

/** A capture that got no answer: PayPal may or may not have acted (retry with the same id). */
function unanswered(err: PayPalError): boolean {
  return err.status === 0 || err.status >= 500;
}

function errorReason(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
}

function errorStatus(err: unknown): string | null {
  return err instanceof PayPalError ? (err.issue ?? err.errorName) : null;
}
