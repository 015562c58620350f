import { z } from 'zod';
import { AppError, defaultMessages } from './errors.ts';
import { planIds, plans, type BillingInterval, type PlanId } from './plans.ts';
import { templates, type TemplateId } from './templates.ts';
import { userSchema } from './user.ts';

/*
 * Pricing, purchases and the plan rules every server check uses. The numbers themselves live in
 * the one catalogue (`plans.ts`); this file only computes with them.
 */

/** The currency of every price and payment (product.md, Constants). */
export const CURRENCY = 'USD';

/** The payment wording (product.md, Messages), for the pricing page's toasts and overlays. */
export const paymentMessages = {
  errorTitle: 'Payment Error',
  createFailed: 'Failed to create payment order',
  processingError: 'An error occurred during payment processing',
  failedTitle: 'Payment Failed',
  failed: 'Please try again or contact support.',
  successTitle: 'Payment Successful!',
  success: 'Your payment went through and your plan is active. Nothing renews by itself.',
  notConfigured: 'Payments are not configured on this server',
  /** A second create-order while the first is still being set up (one open order per account). */
  orderInProgress:
    'Another payment is being set up for your account. Please finish it, or try again in a minute.',
  /** Completing an order that a newer one replaced before it was captured. */
  replaced: 'This payment was replaced by a newer order. Nothing was charged.',
  /** Said after why a captured payment could not be applied. */
  refunded: 'The payment has been refunded.',
  refundPending: 'The payment will be refunded. Please contact support if it does not arrive.',
  /** A capture PayPal holds as PENDING (e.g. an eCheck that has not cleared). */
  pendingTitle: 'Payment pending',
  pending: 'Your payment is pending at PayPal. Your plan starts when PayPal completes it.',
  /**
   * PayPal declined the funding source the buyer chose (INSTRUMENT_DECLINED,
   * REDIRECT_PAYER_FOR_ALTERNATE_FUNDING): the PayPal button restarts so that they pick another.
   */
  restart: defaultMessages.PAYMENT_RESTART,
  /** A capture PayPal did not answer (timeout, server error): it may have taken the money. */
  uncertain:
    'PayPal did not confirm your payment in time. If it went through, your plan is applied within a few minutes; you are not charged twice.',
} as const;

// ---------------------------------------------------------------------------------------------
// Plan rules (server checks and UI gating read these, never the raw flags)

/** A stored plan value as a plan id; anything unknown counts as Free. */
export function toPlanId(value: string | null | undefined): PlanId {
  return (planIds as readonly (string | null | undefined)[]).includes(value)
    ? (value as PlanId)
    : 'free';
}

/**
 * The plan in force at `now`: a Pro whose paid-through date has passed is Free even before the
 * renewal job has written that down (product.md, Plans: access lasts to the end of the period).
 */
export function effectivePlan(
  user: { plan: string; planExpiresAt: Date | string | null },
  now: Date = new Date(),
): PlanId {
  const plan = toPlanId(user.plan);
  if (plan !== 'pro' || user.planExpiresAt === null) return plan;
  return new Date(user.planExpiresAt).getTime() > now.getTime() ? 'pro' : 'free';
}

/** How many portfolios the plan allows; null = unlimited. */
export function portfolioLimit(plan: PlanId): number | null {
  return plans[plan].maxPortfolios;
}

/** Why another portfolio is refused on this plan; null when the plan has no limit. */
export function planLimitMessage(plan: PlanId): string | null {
  const { name, maxPortfolios } = plans[plan];
  if (maxPortfolios === null) return null;
  return `Your ${name} plan allows ${maxPortfolios} portfolio${maxPortfolios === 1 ? '' : 's'}. Upgrade your plan or delete a portfolio first.`;
}

/**
 * Why a portfolio beyond the plan's count (kept from a paid period that ended) cannot be changed:
 * it is read-only, never deleted (product.md, Plans).
 */
export function readOnlyPortfolioMessage(plan: PlanId): string {
  const { name, maxPortfolios } = plans[plan];
  return `This portfolio is read-only: your ${name} plan allows ${maxPortfolios ?? 'unlimited'} portfolio${maxPortfolios === 1 ? '' : 's'}. Upgrade your plan to edit it again, or delete another portfolio.`;
}

/** Whether the plan may use a template (premium ones need Pro or above). */
export function canUseTemplate(plan: PlanId, templateId: TemplateId): boolean {
  return !templates[templateId].premium || plans[plan].allTemplates;
}

/** Whether the plan may choose its own subdomain label (`customDomain`). */
export function canUseCustomSubdomain(plan: PlanId): boolean {
  return plans[plan].customSubdomain;
}

/** Whether the plan may attach its own host name (e.g. www.janedoe.dev). */
export function canUseOwnDomain(plan: PlanId): boolean {
  return plans[plan].ownDomain;
}

/** Whether the plan sees visitor analytics. */
export function hasAnalytics(plan: PlanId): boolean {
  return plans[plan].analytics;
}

/**
 * Where the hosting period of a site starts (product.md, Plans: Free hosting lasts 3 months after
 * the first publish): the account's first publish, kept on the user row, so deleting and recreating
 * a portfolio does not start a new period; a site's own first publish counts when it is earlier.
 */
export function hostingStart(
  accountFirstPublishedAt: Date | string | null | undefined,
  siteFirstPublishedAt: Date | string | null | undefined,
): Date | null {
  const times = [accountFirstPublishedAt, siteFirstPublishedAt]
    .filter((d): d is Date | string => d !== null && d !== undefined)
    .map((d) => new Date(d).getTime());
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/** Plans whose parsing credits are reset every month (by the renewal job). */
export const monthlyRefillPlans: PlanId[] = /* @__PURE__ */ (Object.keys(plans) as PlanId[]).filter(
  (id) => plans[id].monthlyCreditRefill,
);

/** Credits a plan is reset to on purchase and on each monthly refill; null = unlimited. */
export function refillCredits(plan: PlanId): number | null {
  return plans[plan].resumeCredits;
}

// ---------------------------------------------------------------------------------------------
// Prices and sales

export const purchasablePlanIds = ['pro', 'lifetime'] as const;
export type PurchasablePlanId = (typeof purchasablePlanIds)[number];

export interface SaleSettings {
  /** Discount in percent while the sale runs (SALE_PERCENT). */
  salePercent: number;
  /** End of the sale (SALE_ENDS_AT); the sale runs while now < saleEndsAt. */
  saleEndsAt: Date | string;
  now?: Date;
}

export interface Price {
  /** Catalogue price in cents. */
  regularCents: number;
  /** What the buyer pays now, in cents. */
  cents: number;
  onSale: boolean;
}

/** Whether a sale runs at `now` (SALE_PERCENT > 0 and now before SALE_ENDS_AT). */
export function saleActive({ salePercent, saleEndsAt, now = new Date() }: SaleSettings): boolean {
  return salePercent > 0 && now.getTime() < new Date(saleEndsAt).getTime();
}

/** Whether the plan is sold online for that interval (Pro month/year, Lifetime once). */
export function isSoldFor(plan: PlanId, interval: BillingInterval): boolean {
  const p = plans[plan];
  return (
    p.soldOnline && (p.prices as Partial<Record<BillingInterval, number>>)[interval] !== undefined
  );
}

/**
 * The price of a plan for an interval, with the active sale applied (product.md, Plans: the sale
 * covers Pro and Lifetime). Throws BAD_REQUEST for a plan or interval that is not sold online.
 */
export function priceFor(plan: PlanId, interval: BillingInterval, sale: SaleSettings): Price {
  const regularCents = (plans[plan].prices as Partial<Record<BillingInterval, number>>)[interval];
  if (!plans[plan].soldOnline || regularCents === undefined) {
    throw new AppError('BAD_REQUEST', `The ${plans[plan].name} plan is not sold for "${interval}"`);
  }
  const onSale = saleActive(sale);
  const cents = onSale ? Math.round((regularCents * (100 - sale.salePercent)) / 100) : regularCents;
  return { regularCents, cents, onSale };
}

/** Cents as the decimal string payment APIs use: 598 → "5.98". */
export function formatAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Invalid amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A decimal amount string as cents: "5.98" → 598, "5.9" → 590; null when malformed. */
export function parseAmount(value: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------------
// Purchases

/** Months a purchase adds to the paid period; null = no end (Lifetime). */
export function periodMonths(interval: BillingInterval): number | null {
  if (interval === 'month') return 1;
  if (interval === 'year') return 12;
  return null;
}

/** `date` plus whole calendar months in UTC; the day is clamped (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * The first date after `now` that lies a whole number of months (at least one) after `due`: where a
 * monthly schedule continues after a run at `now`, however many months were missed.
 */
export function nextMonthlyAfter(due: Date, now: Date): Date {
  const monthsApart =
    (now.getUTCFullYear() - due.getUTCFullYear()) * 12 + (now.getUTCMonth() - due.getUTCMonth());
  let months = Math.max(1, monthsApart);
  while (months > 1 && addMonths(due, months - 1) > now) months -= 1;
  while (addMonths(due, months) <= now) months += 1;
  return addMonths(due, months);
}

const rank: Record<PlanId, number> = { free: 0, pro: 1, lifetime: 2, business: 3 };

/**
 * Why a user on `current` may not buy `target`, or null when the purchase is allowed. Buying never
 * downgrades: Lifetime and Business already include Pro, Business includes Lifetime, and Lifetime
 * is bought once. Renewing or extending Pro is allowed.
 */
export function purchaseRefusal(current: PlanId, target: PurchasablePlanId): string | null {
  if (current === target && target === 'lifetime') return 'You already have the Lifetime plan.';
  if (rank[current] > rank[target]) {
    return `Your ${plans[current].name} plan already includes everything in ${plans[target].name}.`;
  }
  return null;
}

export interface PlanState {
  plan: PlanId;
  planExpiresAt: Date | null;
}

/**
 * The plan after a paid purchase: Pro extends from the later of now and the current paid-through
 * date (by 1 or 12 months); Lifetime has no end. A purchase that would downgrade changes nothing.
 */
export function applyPurchase(
  current: PlanState,
  purchase: { plan: PurchasablePlanId; interval: BillingInterval },
  now: Date,
): PlanState {
  if (purchaseRefusal(current.plan, purchase.plan) !== null) return current;
  const months = periodMonths(purchase.interval);
  if (purchase.plan === 'lifetime' || months === null) {
    return { plan: purchase.plan, planExpiresAt: null };
  }
  const paidThrough =
    current.plan === 'pro' && current.planExpiresAt && current.planExpiresAt > now
      ? current.planExpiresAt
      : now;
  return { plan: 'pro', planExpiresAt: addMonths(paidThrough, months) };
}

// ---------------------------------------------------------------------------------------------
// API schemas: POST /api/paypal/create-order and /api/paypal/complete-order (product.md, API)

const interval = /* @__NO_SIDE_EFFECTS__ */ (allowed: [BillingInterval, ...BillingInterval[]]) =>
  z.enum(allowed, { error: `Interval must be ${allowed.join(' or ')} for this plan` });

export const createOrderInputSchema = z.discriminatedUnion(
  'plan',
  [
    z.object({ plan: z.literal('pro'), interval: interval(['month', 'year']) }),
    z.object({
      plan: z.literal('lifetime'),
      interval: /* @__PURE__ */ interval(['once']).default('once'),
    }),
  ],
  { error: 'Plan must be pro or lifetime' },
);
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

export const createOrderResponseSchema = z.object({ orderID: z.string() });
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const completeOrderInputSchema = z.object({
  orderId: z.string().trim().min(1, 'orderId is required').max(64),
});
export type CompleteOrderInput = z.infer<typeof completeOrderInputSchema>;

export const completeOrderResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type CompleteOrderResponse = z.infer<typeof completeOrderResponseSchema>;

/**
 * complete-order's answer (HTTP 202) when PayPal holds the capture as PENDING (e.g. an eCheck):
 * no failure, the money is on its way; the plan starts when PayPal completes it.
 */
export const pendingOrderResponseSchema = z.object({
  success: z.literal(false),
  pending: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type PendingOrderResponse = z.infer<typeof pendingOrderResponseSchema>;

/** GET /api/billing/status: what the profile says about the account's payments. */
export const billingStatusSchema = z.object({
  /** A payment PayPal has not completed yet (the plan starts when it does). */
  pending: z
    .object({
      plan: z.enum(purchasablePlanIds),
      interval: z.enum(['month', 'year', 'once']),
      since: z.string(),
    })
    .nullable(),
  /** The latest applied payment PayPal refunded or reversed, unless a purchase came after it. */
  takenBack: z
    .object({
      plan: z.enum(purchasablePlanIds),
      kind: z.enum(['refunded', 'reversed']),
      at: z.string(),
    })
    .nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** "Your Lifetime payment was refunded on 3 Dec 2026; your account is back on Free." */
export function takenBackNotice(
  takenBack: NonNullable<BillingStatus['takenBack']>,
  date: string,
  planNow: PlanId,
): string {
  const back = planNow === 'free' ? 'back on Free' : `on ${plans[planNow].name}`;
  return `Your ${plans[takenBack.plan].name} payment was ${takenBack.kind} on ${date}; your account is ${back}.`;
}

/**
 * A PayPal webhook notification (https://developer.paypal.com/api/rest/webhooks/): kept whole
 * (unknown fields too), since PayPal verifies its signature over the event as sent.
 */
export const paypalWebhookEventSchema = z.looseObject({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource: z.looseObject({}),
});
export type PayPalWebhookEvent = z.infer<typeof paypalWebhookEventSchema>;

/** The transmission headers PayPal sends with every webhook notification. */
export const paypalWebhookHeadersSchema = z.looseObject({
  'paypal-transmission-id': z.string().min(1).max(50),
  'paypal-transmission-time': z.string().min(1).max(100),
  'paypal-transmission-sig': z.string().min(1).max(1000),
  'paypal-cert-url': z.string().min(1).max(500),
  'paypal-auth-algo': z.string().min(1).max(100),
});
export type PayPalWebhookHeaders = z.infer<typeof paypalWebhookHeadersSchema>;

/** GET /api/billing/prices: what each purchase costs right now, computed by the server. */
export const priceListSchema = z.object({
  /** Whether this server can take payments (PayPal configured). */
  paymentsEnabled: z.boolean(),
  currency: z.string(),
  sale: z.object({ percent: z.number(), endsAt: z.string() }).nullable(),
  prices: z.array(
    z.object({
      plan: z.enum(purchasablePlanIds),
      interval: z.enum(['month', 'year', 'once']),
      regularCents: z.number().int(),
      cents: z.number().int(),
      onSale: z.boolean(),
    }),
  ),
});
export type PriceList = z.infer<typeof priceListSchema>;

/** Every online purchase (Pro monthly and yearly, Lifetime) with its current price. */
export function priceList(sale: SaleSettings, paymentsEnabled: boolean): PriceList {
  const prices: PriceList['prices'] = [];
  for (const plan of purchasablePlanIds) {
    for (const interval of ['month', 'year', 'once'] as const) {
      if (isSoldFor(plan, interval))
        prices.push({ plan, interval, ...priceFor(plan, interval, sale) });
    }
  }
  const running = saleActive(sale);
  return {
    paymentsEnabled,
    currency: CURRENCY,
    sale: running
      ? { percent: sale.salePercent, endsAt: new Date(sale.saleEndsAt).toISOString() }
      : null,
    prices,
  };
}
