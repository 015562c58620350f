/**
 * Plans and money: what a plan costs now (catalogue and active sale), and the account's plan
 * moving with its payments: a captured payment applied once, a refunded or reversed one taken
 * back by replaying the payments that remain.
 */
import {
  addMonths,
  AppError,
  applyPurchase,
  effectivePlan,
  monthlyRefillPlans,
  priceFor,
  priceList,
  purchaseRefusal,
  refillCredits,
  toPlanId,
  type BillingInterval,
  type PlanState,
  type PriceList,
  type PurchasablePlanId,
} from '@folio/core';
import { and, asc, eq } from 'drizzle-orm';
import { payments, users, type PaymentRow, type UserRow } from '../../db/schema.ts';
import { toInterval, toPurchasable, type BillingContext } from './context.ts';
import { unrecorded } from './payment-rows.ts';
import { refreshHostingExpiry } from '../../shared/hosting-expiry.ts';

function sale(ctx: BillingContext) {
  return { salePercent: ctx.options.salePercent, saleEndsAt: ctx.options.saleEndsAt };
}

/** The price the server charges now for a plan and interval. */
export function price(ctx: BillingContext, plan: PurchasablePlanId, interval: BillingInterval) {
  return priceFor(plan, interval, { ...sale(ctx), now: ctx.now() });
}

/** The price list the pricing page shows: the same numbers createOrder charges. */
export function prices(ctx: BillingContext): PriceList {
  return priceList({ ...sale(ctx), now: ctx.now() }, ctx.configured);
}

/**
 * The database half of a completion: one transaction, recorded only by the call that moves the
 * row. A purchase the account has outgrown meanwhile (Pro after Lifetime) is not applied but
 * marked refund_due (the caller refunds it). Answers the updated account, or the row as this
 * call recorded it (null: another completion recorded it first).
 */
export async function applyPayment(
  ctx: BillingContext,
  payment: PaymentRow,
  captureId: string,
  status: string,
): Promise<{ user: UserRow } | { recorded: PaymentRow | null }> {
  const now = ctx.now();
  const userId = payment.userId!;
  let sitesChanged: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
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
      .where(unrecorded(payment.id))
      .returning();
    if (!won) return { recorded: null }; // another completion recorded it first
    if (superseded) {
      ctx.log.warn(
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
    // The account's live sites take the new plan's hosting end with it, not an hour later.
    sitesChanged = await refreshHostingExpiry(tx, userId);
    ctx.log.info(
      { paymentId: payment.id, userId, plan: next.plan, planExpiresAt: next.planExpiresAt },
      'purchase applied',
    );
    return { user: updated! };
  });
  ctx.sitesChanged(sitesChanged);
  return result;
}

/**
 * Takes back the plan an applied payment gave, once (the row moves from completed to refunded
 * or reversed). The account's plan is what its remaining completed payments give, replayed in
 * order (a refunded second month of Pro ends the plan a month earlier; a refunded Lifetime
 * bought during Pro leaves the Pro period); a plan that ends so lapses to Free as an expired Pro
 * does: portfolios and sites are kept, what exceeds Free becomes read-only. Business (set by
 * hand) is left as it is. Credits already granted are kept; monthly refills stop with the plan.
 */
export async function revoke(
  ctx: BillingContext,
  payment: PaymentRow,
  kind: 'refunded' | 'reversed',
): Promise<boolean> {
  const now = ctx.now();
  let sitesChanged: number[] = [];
  const result = await ctx.db.transaction(async (tx) => {
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
      sitesChanged = await refreshHostingExpiry(tx, row.id);
      ctx.log.warn(
        { paymentId: payment.id, userId: row.id, kind, from: row.plan, to: plan },
        'PayPal payment taken back; plan recomputed',
      );
    }
    return true;
  });
  ctx.sitesChanged(sitesChanged);
  return result;
}
