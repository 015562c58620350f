/**
 * What every billing module shares: the options the server gives, the clock, the PayPal client
 * (refused when not configured), the per-order queue of this process, and the names of the
 * payment states kept in `payments.paypal_status`.
 */
import {
  AppError,
  paymentMessages,
  type BillingInterval,
  type PurchasablePlanId,
} from '@folio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { PayPalError, type PayPalClient } from './paypal-client.ts';

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
  /** Told, after the commit, of sites whose hosting end a plan change moved (cache drop). */
  onSitesChanged?: (portfolioIds: number[]) => void;
}

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

/** The dependencies of one `Billing`, handed to every billing function. */
export class BillingContext {
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
  /** Completions in progress in this process, by PayPal order id (later callers wait). */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(readonly options: BillingOptions) {
    this.db = options.db;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
  }

  /** Passes committed hosting-date changes on (see BillingOptions.onSitesChanged). */
  sitesChanged(portfolioIds: number[]): void {
    if (portfolioIds.length > 0) this.options.onSitesChanged?.(portfolioIds);
  }

  get configured(): boolean {
    return this.options.paypal !== null;
  }

  paypal(): PayPalClient {
    if (!this.options.paypal) throw new AppError('NOT_CONFIGURED', paymentMessages.notConfigured);
    return this.options.paypal;
  }

  /** Runs `work` for an order after any completion or reconciliation of it in this process. */
  async oneAtATime<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.inFlight.get(orderId) ?? Promise.resolve(null);
    const run = previous.catch(() => null).then(work);
    this.inFlight.set(orderId, run);
    try {
      return await run;
    } finally {
      if (this.inFlight.get(orderId) === run) this.inFlight.delete(orderId);
    }
  }
}

export function toPurchasable(plan: string): PurchasablePlanId {
  if (plan === 'pro' || plan === 'lifetime') return plan;
  throw new Error(`payment row with unknown plan ${plan}`);
}

export function toInterval(interval: string): BillingInterval {
  if (interval === 'month' || interval === 'year' || interval === 'once') return interval;
  throw new Error(`payment row with unknown interval ${interval}`);
}

export function errorReason(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
}

export function errorStatus(err: unknown): string | null {
  return err instanceof PayPalError ? (err.issue ?? err.errorName) : null;
}
