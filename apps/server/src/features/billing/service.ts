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
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
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
 */
export class Billing {
  private readonly now: () => Date;
  /** Completions in progress in this process, by PayPal order id (later callers wait). */
  private readonly inFlight = new Map<string, Promise<UserRow>>();

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
    const refusal = purchaseRefusal(effectivePlan(user, this.now()), input.plan);
    if (refusal) throw new AppError('CONFLICT', refusal, { field: 'plan' });
    const price = this.price(input.plan, input.interval);
    const reference = randomUUID();

    const [payment] = await this.o.db
      .insert(payments)
      .values({
        userId: user.id,
        reference,
        plan: input.plan,
        interval: input.interval,
        amountCents: price.cents,
        regularCents: price.regularCents,
        currency: CURRENCY,
      })
      .returning();

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
      this.o.log.error({ err, paymentId: payment!.id }, 'PayPal order creation failed');
      await this.markFailed(payment!.id, errorReason(err), errorStatus(err));
      throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.createFailed, { cause: err });
    }
    await this.o.db
      .update(payments)
      .set({ paypalOrderId: order.id, paypalStatus: order.status, updatedAt: this.now() })
      .where(eq(payments.id, payment!.id));
    return { orderID: order.id };
  }

  /**
   * Captures an approved order and applies the purchase, once. Completing an order that is
   * already applied answers with the current user; concurrent completions of one order in this
   * process run one after the other, and across processes the conditional update decides.
   */
  async completeOrder(user: UserRow, orderId: string): Promise<UserRow> {
    this.paypal();
    const previous = this.inFlight.get(orderId) ?? Promise.resolve(null);
    const run = previous.catch(() => null).then(() => this.complete(user, orderId));
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
    if (payment.status === 'completed') return this.userRow(user.id);
    if (payment.status === 'failed') {
      throw new AppError('PAYMENT_FAILED', payment.failureReason ?? paymentMessages.failed);
    }

    const fresh = await this.userRow(user.id);
    const refusal = purchaseRefusal(effectivePlan(fresh, this.now()), toPurchasable(payment.plan));
    if (refusal) {
      // Nothing has been taken yet: refuse before capturing.
      await this.markFailed(payment.id, refusal, 'REFUSED');
      throw new AppError('CONFLICT', refusal);
    }

    const order = await this.capture(paypal, payment);
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];

    if (!capture || capture.status !== 'COMPLETED' || order.status !== 'COMPLETED') {
      const status = capture?.status ?? order.status;
      if (status === 'PENDING') {
        await this.setPayPalStatus(payment.id, status);
        throw new AppError(
          'PAYMENT_FAILED',
          'Your payment is pending at PayPal. Please try again later or contact support.',
        );
      }
      if (status === 'DECLINED' || status === 'FAILED' || order.status === 'VOIDED') {
        await this.markFailed(
          payment.id,
          `The payment was declined. ${paymentMessages.failed}`,
          status,
        );
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
      // Money may have moved: keep every detail for support (refund), apply nothing.
      this.o.log.error(
        { paymentId: payment.id, orderId, captureId: capture.id, problem },
        'PayPal capture does not match the recorded order; not applied',
      );
      await this.o.db
        .update(payments)
        .set({
          status: 'failed',
          captureId: capture.id,
          paypalStatus: capture.status,
          failureReason: `The payment did not match the order. ${paymentMessages.failed}`,
          updatedAt: this.now(),
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
      throw new AppError(
        'PAYMENT_FAILED',
        `The payment did not match the order. ${paymentMessages.failed}`,
      );
    }

    return this.apply(payment, capture.id, capture.status);
  }

  /** Captures at PayPal; a capture that already happened (retry after a crash) is read back. */
  private async capture(paypal: PayPalClient, payment: PaymentRow): Promise<PayPalOrder> {
    const orderId = payment.paypalOrderId!;
    try {
      // A fresh request id per attempt: a retry after "not approved" must really try again; a
      // duplicate capture answers ORDER_ALREADY_CAPTURED, handled below.
      return await paypal.captureOrder(orderId, `capture-${payment.reference}-${randomUUID()}`);
    } catch (err) {
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
  }

  private unavailable(err: unknown): never {
    this.o.log.error({ err }, 'PayPal capture failed');
    throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
  }

  /** The database half of a completion: one transaction, applied only by the call that moves the row. */
  private async apply(payment: PaymentRow, captureId: string, status: string): Promise<UserRow> {
    const now = this.now();
    const userId = payment.userId!;
    return this.o.db.transaction(async (tx) => {
      const [won] = await tx
        .update(payments)
        .set({
          status: 'completed',
          captureId,
          paypalStatus: status,
          completedAt: now,
          updatedAt: now,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
        .returning({ id: payments.id });
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new AppError('NOT_FOUND', 'Account not found');
      if (!won) return row; // another completion applied it first

      const purchase = {
        plan: toPurchasable(payment.plan),
        interval: toInterval(payment.interval),
      };
      const current = { plan: toPlanId(row.plan), planExpiresAt: row.planExpiresAt };
      const next = applyPurchase(current, purchase, now);
      if (next === current) {
        this.o.log.warn(
          { paymentId: payment.id, userId, plan: row.plan },
          'paid purchase would downgrade the account; plan left unchanged',
        );
        return row;
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
      return updated!;
    });
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

function errorReason(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
}

function errorStatus(err: unknown): string | null {
  return err instanceof PayPalError ? (err.issue ?? err.errorName) : null;
}
