/**
 * PayPal webhook notifications: verified with PayPal, recorded once per event id, and acted on:
 * captures completed or denied settle the order as the reconciliation does; refunds and
 * reversals take the plan back.
 */
import {
  AppError,
  paymentMessages,
  type PayPalWebhookEvent,
  type PayPalWebhookHeaders,
} from '@folio/core';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { payments, paypalWebhookEvents, type PaymentRow } from '../../db/schema.ts';
import type { BillingContext } from './context.ts';
import { lookUp, paymentRow } from './payment-rows.ts';
import { revoke } from './plans.ts';
import { settle } from './reconciliation.ts';

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
 * A PayPal webhook notification: verified with PayPal (verify-webhook-signature, our webhook
 * id), then acted on once. COMPLETED and DENIED settle the order exactly as the reconciliation
 * does (PayPal's order is read back; the event only says which one); REFUNDED and REVERSED take
 * the plan back. A notification that does not verify is refused and changes nothing; event types
 * not handled, and events already handled (PayPal redelivers until it gets a 2xx), are answered
 * without acting.
 */
export async function handleWebhook(
  ctx: BillingContext,
  headers: PayPalWebhookHeaders,
  event: PayPalWebhookEvent,
  /** The body as PayPal sent it (its signature covers these bytes). */
  rawEvent: string,
): Promise<WebhookOutcome> {
  const paypal = ctx.paypal();
  const webhookId = ctx.options.webhookId;
  if (!webhookId) {
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
      webhookId,
      rawEvent,
    });
  } catch (err) {
    // PayPal could not say: answer an error so that PayPal delivers the event again later.
    ctx.log.error({ err, eventId: event.id }, 'PayPal webhook verification failed');
    throw new AppError('PAYMENT_UNAVAILABLE', paymentMessages.processingError, { cause: err });
  }
  if (!genuine) {
    ctx.log.warn(
      { eventId: event.id, eventType: event.event_type },
      'PayPal webhook refused: signature not verified',
    );
    throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
  }
  if (!handledEvents.has(event.event_type)) return 'ignored';

  const [fresh] = await ctx.db
    .insert(paypalWebhookEvents)
    .values({ eventId: event.id, eventType: event.event_type, receivedAt: ctx.now() })
    .onConflictDoNothing()
    .returning();
  if (!fresh) {
    const [seen] = await ctx.db
      .select()
      .from(paypalWebhookEvents)
      .where(eq(paypalWebhookEvents.eventId, event.id));
    if (seen?.processedAt) return 'duplicate';
  }

  const payment = await paymentForEvent(ctx, event);
  const outcome = payment ? await applyEvent(ctx, event, payment) : 'unknown-payment';
  if (!payment) {
    ctx.log.warn(
      { eventId: event.id, eventType: event.event_type },
      'PayPal webhook for a payment not recorded here; ignored',
    );
  }
  await ctx.db
    .update(paypalWebhookEvents)
    .set({ outcome, paymentId: payment?.id ?? null, processedAt: ctx.now() })
    .where(eq(paypalWebhookEvents.eventId, event.id));
  return outcome;
}

/** The payment an event is about: by PayPal order id, capture id or our reference (custom_id). */
async function paymentForEvent(
  ctx: BillingContext,
  event: PayPalWebhookEvent,
): Promise<PaymentRow | null> {
  const ids = resourceIds(event);
  const matches = [
    ids.orderId ? eq(payments.paypalOrderId, ids.orderId) : undefined,
    ids.captureIds.length > 0 ? inArray(payments.captureId, ids.captureIds) : undefined,
    ids.customId ? eq(payments.reference, ids.customId) : undefined,
  ].filter((m) => m !== undefined);
  if (matches.length === 0) return null;
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(or(...matches), isNotNull(payments.paypalOrderId)))
    .limit(1);
  return row ?? null;
}

async function applyEvent(
  ctx: BillingContext,
  event: PayPalWebhookEvent,
  payment: PaymentRow,
): Promise<WebhookOutcome> {
  const orderId = payment.paypalOrderId!;
  return ctx.oneAtATime(orderId, async () => {
    const current = await paymentRow(ctx, payment.id);
    // An order still open is settled from PayPal's own record, as the reconciliation does.
    if (current.status === 'created') return settle(ctx, current);
    if (current.status !== 'completed') return 'kept'; // failed, voided or refunded by us
    if (event.event_type === 'PAYMENT.CAPTURE.REVERSED') {
      return (await revoke(ctx, current, 'reversed')) ? 'reversed' : 'kept';
    }
    if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
      // Only a refund of the whole capture takes the plan back (PayPal: REFUNDED, not
      // PARTIALLY_REFUNDED); PayPal's order says which.
      const order = await lookUp(ctx, orderId);
      const capture = order?.purchase_units?.[0]?.payments?.captures?.[0];
      if (capture?.status !== 'REFUNDED') return 'kept';
      return (await revoke(ctx, current, 'refunded')) ? 'refunded' : 'kept';
    }
    return 'kept'; // COMPLETED or DENIED of a payment already applied
  });
}
