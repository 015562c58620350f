/**
 * Purchases through PayPal Orders v2 (create → buyer approves → complete). Every amount comes from
 * the plan catalogue and the active sale; every attempt is a `payments` row; completing applies
 * the purchase once, in one transaction that moves the row from "created" to "completed".
 *
 * Money is never kept without its plan: an account has at most one open order (a unique index
 * decides between concurrent requests, in any number of processes); a newer order voids an older
 * one that was never captured (it is never captured afterwards); and a capture that cannot be
 * applied (the account already has more, or the amount does not match) is refunded at PayPal.
 *
 * `Billing` is the feature's surface; each part lives in its own module: orders.ts, captures.ts,
 * refunds.ts, plans.ts (prices, plans applied and taken back), reconciliation.ts, webhooks.ts,
 * status.ts.
 */
import type {
  BillingInterval,
  BillingStatus,
  CreateOrderInput,
  CreateOrderResponse,
  PayPalWebhookEvent,
  PayPalWebhookHeaders,
  PriceList,
  PurchasablePlanId,
} from '@folio/core';
import type { UserRow } from '../../db/schema.ts';
import { completeOrder } from './captures.ts';
import { BillingContext, type BillingOptions } from './context.ts';
import { createOrder } from './orders.ts';
import { price, prices } from './plans.ts';
import { reconcile, type ReconcileResult } from './reconciliation.ts';
import { billingStatus } from './status.ts';
import { handleWebhook, type WebhookOutcome } from './webhooks.ts';

export {
  CAPTURE_PENDING,
  CAPTURE_UNCERTAIN,
  CapturePending,
  type BillingOptions,
} from './context.ts';
export type { ReconcileResult } from './reconciliation.ts';
export type { WebhookOutcome } from './webhooks.ts';

export class Billing {
  private readonly ctx: BillingContext;

  constructor(options: BillingOptions) {
    this.ctx = new BillingContext(options);
  }

  get configured(): boolean {
    return this.ctx.configured;
  }

  /** The price the server charges now for a plan and interval. */
  price(plan: PurchasablePlanId, interval: BillingInterval) {
    return price(this.ctx, plan, interval);
  }

  /** The price list the pricing page shows: the same numbers createOrder charges. */
  prices(): PriceList {
    return prices(this.ctx);
  }

  createOrder(user: UserRow, input: CreateOrderInput): Promise<CreateOrderResponse> {
    return createOrder(this.ctx, user, input);
  }

  /** Captures an approved order and applies the purchase, once (captures.ts). */
  completeOrder(user: UserRow, orderId: string): Promise<UserRow> {
    return completeOrder(this.ctx, user, orderId);
  }

  /** Settles orders left pending or uncertain, and re-reads recent payments (reconciliation.ts). */
  reconcile(): Promise<ReconcileResult> {
    return reconcile(this.ctx);
  }

  /** A PayPal webhook notification, verified and acted on once (webhooks.ts). */
  handleWebhook(
    headers: PayPalWebhookHeaders,
    event: PayPalWebhookEvent,
    /** The body as PayPal sent it (its signature covers these bytes). */
    rawEvent: string,
  ): Promise<WebhookOutcome> {
    return handleWebhook(this.ctx, headers, event, rawEvent);
  }

  /** What the profile says about the account's payments (pending, or taken back). */
  status(userId: number): Promise<BillingStatus> {
    return billingStatus(this.ctx, userId);
  }
}
