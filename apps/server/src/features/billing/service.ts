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
  monthlyRefillPlans,
  purchaseRefusal,
  refillCredits,
  toPlanId,
  type BillingInterval,
  type BillingStatus,
  type CreateOrderInput,
  type CreateOrderResponse,
  type PayPalWebhookEvent,
  type PayPalWebhookHeaders,
  type PlanState,
  type PriceList,
  type PurchasablePlanId,
} from '@folio/core';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  payments,
  paypalWebhookEvents,
  users,
  type PaymentRow,
  type UserRow,
} from '../../db/schema.ts';
import { PayPalError, type PayPalClient, type PayPalOrder } from './paypal-client.ts';

export interface BillingOptions {
  db: Db;
  /** null when PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are not set: purchases answer 503. */
  paypal: PayPalClient | null;
  /** PAYPAL_WEBHOOK_ID: webhook notifications are verified against it; null = refused. */
  webhookId?: string | null;
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
  /** Completed payments re-read for refunds and reversals. */
  rechecked: number;
  /** Of those, refunded or reversed at PayPal: their plan was taken back. */
  revoked: number;
}

/**
 * A capture PayPal holds as PENDING: not a failure (complete-order answers 202), the plan starts
 * when PayPal completes it (webhook or reconciliation).
 */
export class CapturePending extends Error {
  constructor() {
    super(paymentMessages.pending);
    this.name = 'CapturePending';
  }
}

/** The webhook events acted on (https://developer.paypal.com/api/rest/webhooks/event-names/). */
const handledEvents = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
]);

export type WebhookOutcome =
  | 'applied'
  | 'failed'
  | 'open'
  | 'refunded'
  | 'reversed'
  | 'kept'
  | 'unknown-payment'
  | 'duplicate'
  | 'ignored';

/** How long after a purchase PayPal may still refund or reverse it (PayPal's 180-day window). */
const RECHECK_WINDOW_MS = 180 * 86_400_000;
/** A completed payment is re-read at PayPal at most this often. */
const RECHECK_EVERY_MS = 86_400_000;
/** Completed payments re-read per reconciliation run. */
const RECHECK_BATCH = 50;

/** The fields of a webhook event's resource (a capture or a refund) that name our payment. */
interface ResourceIds {
  orderId: string | null;
  captureIds: string[];
  customId: string | null;
}

function resourceIds(event: PayPalWebhookEvent): ResourceIds {
  const r = event.resource as {
    id?: unknown;
    custom_id?: unknown;
    supplementary_data?: { related_ids?: { order_id?: unknown; capture_id?: unknown } };
    links?: { rel?: unknown; href?: unknown }[];
  };
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const related = r.supplementary_data?.related_ids;
  // A capture event's resource is the capture; a refund's (or a reversal's) links "up" to it.
  // A refund id never equals a capture id, so taking the resource's own id too is safe.
  const captureIds = [str(r.id), str(related?.capture_id)];
  for (const link of Array.isArray(r.links) ? r.links : []) {
    const href = str(link?.href);
    const m = href && link?.rel === 'up' ? /\/v2\/payments\/captures\/([^/?#]+)/.exec(href) : null;
    if (m) captureIds.push(decodeURIComponent(m[1]!));
  }
  return {
    orderId: str(related?.order_id),
    captureIds: captureIds.filter((id): id is string => id !== null),
    customId: str(r.custom_id),
  };
}

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
        // CapturePending included: the row stays open and pending, refused below.
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
        throw new CapturePending();
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
    if (err.issue && restartIssues.has(err.issue)) {
      // The order needs the buyer again (another funding source): it stays open.
      await this.setPayPalStatus(payment.id, err.issue);
      throw new AppError('PAYMENT_RESTART', paymentMessages.restart, { cause: err });
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
    const result: ReconcileResult = {
      checked: 0,
      applied: 0,
      failed: 0,
      open: 0,
      rechecked: 0,
      revoked: 0,
    };
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
    await this.recheckCompleted(result);
    return result;
  }

  /**
   * Re-reads completed payments of the last 180 days, each at most once a day, for refunds and
   * reversals whose webhook never arrived: a capture PayPal now reports REFUNDED (in full) takes
   * its plan back, as the webhook would have.
   */
  private async recheckCompleted(result: ReconcileResult) {
    const now = this.now();
    const due = await this.o.db
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
        const kind = await this.oneAtATime(payment.paypalOrderId!, async () => {
          const order = await this.lookUp(payment.paypalOrderId!);
          const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
          if (capture?.status === 'REFUNDED') {
            const reversed = capture.status_details?.reason === 'CHARGEBACK';
            return (await this.revoke(payment, reversed ? 'reversed' : 'refunded')) ? 1 : 0;
          }
          await this.o.db
            .update(payments)
            .set({ checkedAt: this.now() })
            .where(eq(payments.id, payment.id));
          return 0;
        });
        result.revoked += kind;
      } catch (err) {
        this.o.log.error({ err, paymentId: payment.id }, 'PayPal re-check failed; retried');
      }
    }
  }

  /**
   * A PayPal webhook notification: verified with PayPal (verify-webhook-signature, our webhook
   * id), then acted on once. COMPLETED and DENIED settle the order exactly as the reconciliation
   * does (PayPal's order is read back; the event only says which one); REFUNDED and REVERSED take
   * the plan back. A notification that does not verify is refused and changes nothing; event types
   * not handled, and events already handled (PayPal redelivers until it gets a 2xx), are answered
   * without acting.
   */
  async handleWebhook(
    headers: PayPalWebhookHeaders,
    event: PayPalWebhookEvent,
    /** The body as PayPal sent it (its signature covers these bytes). */
    rawEvent: string,
  ): Promise<WebhookOutcome> {
    const paypal = this.paypal();
    if (!this.o.webhookId) {
      throw new AppError('NOT_CONFIGURED', 'PayPal webhooks are not configured on this server');
    }
    let genuine: boolean;
    try {
      genuine = await paypal.verifyWebhookSignature({
        authAlgo: headers['paypal-auth-algo'],
        certUrl: headers['paypal-cert-url'],
        transmissionId: headers['paypal-transmission-id'],
        transmissionSig: headers['paypal-transmission-sig'],
        transmissionTime: headers['paypal-transmission-time'],
        webhookId: this.o.webhookId,
        rawEvent,
      });
    } catch (err) {
      // PayPal could not say: answer an error so that PayPal delivers the event again later.
      this.o.log.error({ err, eventId: event.id }, 'PayPal webhook verification failed');
      throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
    }
    if (!genuine) {
      this.o.log.warn(
        { eventId: event.id, eventType: event.event_type },
        'PayPal webhook refused: signature not verified',
      );
      throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
    }
    if (!handledEvents.has(event.event_type)) return 'ignored';

    const [fresh] = await this.o.db
      .insert(paypalWebhookEvents)
      .values({ eventId: event.id, eventType: event.event_type, receivedAt: this.now() })
      .onConflictDoNothing()
      .returning();
    if (!fresh) {
      const [seen] = await this.o.db
        .select()
        .from(paypalWebhookEvents)
        .where(eq(paypalWebhookEvents.eventId, event.id));
      if (seen?.processedAt) return 'duplicate';
    }

    const payment = await this.paymentForEvent(event);
    const outcome = payment ? await this.applyEvent(event, payment) : 'unknown-payment';
    if (!payment) {
      this.o.log.warn(
        { eventId: event.id, eventType: event.event_type },
        'PayPal webhook for a payment not recorded here; ignored',
      );
    }
    await this.o.db
      .update(paypalWebhookEvents)
      .set({ outcome, paymentId: payment?.id ?? null, processedAt: this.now() })
      .where(eq(paypalWebhookEvents.eventId, event.id));
    return outcome;
  }

  /** The payment an event is about: by PayPal order id, capture id or our reference (custom_id). */
  private async paymentForEvent(event: PayPalWebhookEvent): Promise<PaymentRow | null> {
    const ids = resourceIds(event);
    const matches = [
      ids.orderId ? eq(payments.paypalOrderId, ids.orderId) : undefined,
      ids.captureIds.length > 0 ? inArray(payments.captureId, ids.captureIds) : undefined,
      ids.customId ? eq(payments.reference, ids.customId) : undefined,
    ].filter((m) => m !== undefined);
    if (matches.length === 0) return null;
    const [row] = await this.o.db
      .select()
      .from(payments)
      .where(and(or(...matches), isNotNull(payments.paypalOrderId)))
      .limit(1);
    return row ?? null;
  }

  private async applyEvent(
    event: PayPalWebhookEvent,
    payment: PaymentRow,
  ): Promise<WebhookOutcome> {
    const orderId = payment.paypalOrderId!;
    return this.oneAtATime(orderId, async () => {
      const current = await this.paymentRow(payment.id);
      // An order still open is settled from PayPal's own record, as the reconciliation does.
      if (current.status === 'created') return this.settle(current);
      if (current.status !== 'completed') return 'kept'; // failed, voided or refunded by us
      if (event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
        return (await this.revoke(current, 'reversed')) ? 'reversed' : 'kept';
      }
      if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
        // Only a refund of the whole capture takes the plan back (PayPal: REFUNDED, not
        // PARTIALLY_REFUNDED); PayPal's order says which.
        const order = await this.lookUp(orderId);
        const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
        if (capture?.status !== 'REFUNDED') return 'kept';
        return (await this.revoke(current, 'refunded')) ? 'refunded' : 'kept';
      }
      return 'kept'; // COMPLETED or DENIED of a payment already applied
    });
  }

  /**
   * Takes back the plan an applied payment gave, once (the row moves from completed to refunded
   * or reversed). The account's plan is what its remaining completed payments give, replayed in
   * order (a refunded second month of Pro ends the plan a month earlier; a refunded Lifetime
   * bought during Pro leaves the Pro period); a plan that ends so lapses to Free as an expired Pro
   * does: portfolios and sites are kept, what exceeds Free becomes read-only. Business (set by
   * hand) is left as it is. Credits already granted are kept; monthly refills stop with the plan.
   */
  private async revoke(payment: PaymentRow, kind: 'refunded' | 'reversed'): Promise<boolean> {
    const now = this.now();
    return this.o.db.transaction(async (tx) => {
      const userId = payment.userId;
      const [row] = userId
        ? await tx.select().from(users).where(eq(users.id, userId)).for('update')
        : [];
      const [won] = await tx
        .update(payments)
        .set({
          status: kind,
          revokedAt: now,
          checkedAt: now,
          paypalStatus: kind === 'refunded' ? 'REFUNDED' : 'REVERSED',
          failureReason: `The payment was ${kind} at PayPal.`,
          updatedAt: now,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'completed')))
        .returning();
      if (!won || !row) return Boolean(won);
      if (toPlanId(row.plan) !== 'business') {
        const kept = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.userId, row.id), eq(payments.status, 'completed')))
          .orderBy(asc(payments.completedAt), asc(payments.id));
        let state: PlanState = { plan: 'free', planExpiresAt: null };
        for (const p of kept) {
          const purchase = { plan: toPurchasable(p.plan), interval: toInterval(p.interval) };
          state = applyPurchase(state, purchase, p.completedAt ?? p.createdAt);
        }
        const plan = effectivePlan(state, now);
        await tx
          .update(users)
          .set({
            plan,
            planExpiresAt: state.planExpiresAt,
            nextCreditRefillAt: monthlyRefillPlans.includes(plan)
              ? (row.nextCreditRefillAt ?? addMonths(now, 1))
              : null,
          })
          .where(eq(users.id, row.id));
        this.o.log.warn(
          { paymentId: payment.id, userId: row.id, kind, from: row.plan, to: plan },
          'PayPal payment taken back; plan recomputed',
        );
      }
      return true;
    });
  }

  /** What the profile says about the account's payments (pending, or taken back). */
  async status(userId: number): Promise<BillingStatus> {
    const [pending] = await this.o.db
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
    const [revoked] = await this.o.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), isNotNull(payments.revokedAt)))
      .orderBy(desc(payments.revokedAt))
      .limit(1);
    const [laterPurchase] = revoked
      ? await this.o.db
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
        // Pending still, failed or refunded: read back below.
        if (!(err instanceof AppError) && !(err instanceof CapturePending)) throw err;
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
