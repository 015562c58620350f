/** Payments through PayPal and the webhook notifications received (features/billing). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

/**
 * Every purchase attempt (features/billing). A row is written before PayPal is asked, so nothing is
 * lost. `status`: created (open) → completed (captured and applied) | failed (nothing applied) |
 * voided (replaced by a newer order before any capture) | refund_due → refunded (captured but not
 * applicable: refunded at PayPal); completed → refunded | reversed (PayPal refunded or reversed it
 * later: the plan it gave was taken back, `revoked_at`). An account has at most one open ("created") order: the partial
 * unique index decides between concurrent create-order requests, in any number of processes.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** Kept when the account is deleted: payments are business records. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Our id for the order: PayPal's custom_id and reference_id, and the create request id. */
    reference: text('reference').notNull(),
    paypalOrderId: text('paypal_order_id'),
    plan: text('plan').notNull(),
    interval: text('interval').notNull(),
    amountCents: integer('amount_cents').notNull(),
    regularCents: integer('regular_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('created'),
    captureId: text('capture_id'),
    /** PayPal's last order or capture status (CREATED, COMPLETED, DECLINED, …) or error name. */
    paypalStatus: text('paypal_status'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When PayPal refunded or reversed this applied payment and its plan was taken back. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the reconciliation last re-read this completed payment at PayPal (refunds, reversals). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.reference),
    uniqueIndex('payments_paypal_order_idx').on(t.paypalOrderId),
    index('payments_user_idx').on(t.userId),
    uniqueIndex('payments_one_open_per_user_idx')
      .on(t.userId)
      .where(sql`status = 'created'`),
  ],
);

/**
 * PayPal webhook notifications received (verified), by PayPal's event id: a notification PayPal
 * sends again (it retries until it gets a 2xx) is recognised and applied once.
 */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  /** What it did: applied, failed, open, refunded, reversed, kept, unknown-payment. */
  outcome: text('outcome'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null until handled; a redelivery of an event not handled yet is handled again. */
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
