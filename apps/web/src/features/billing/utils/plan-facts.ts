import {
  NEW_TEMPLATES_PER_MONTH,
  planNames,
  plans,
  plansWhere,
  priceList,
  type BillingInterval,
  type Plan,
  type PlanId,
  type PriceList,
  type PurchasablePlanId,
} from '@folio/core';
import { brand } from '../../../lib/brand.ts';

/*
 * Everything the pricing page and profile say about plans, derived from the one catalogue
 * (`plans`) and the server's price list (`priceList`, sale aware). No number is written here.
 */

/** Regular prices, for the first paint (and prerendering) before the server's list arrives. */
export const catalogueOnlyPrices: PriceList = priceList(
  { salePercent: 0, saleEndsAt: new Date(0) },
  false,
);

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A paid-through date as people read it: "March 22, 2027". */
export function formatPlanDate(date: Date | string): string {
  return dateFormat.format(new Date(date));
}

export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toFixed(whole && cents === 0 ? 0 : 2)}`;
}

export const intervalLabels: Record<BillingInterval, { per: string; adjective: string }> = {
  month: { per: '/ month', adjective: 'monthly' },
  year: { per: '/ year', adjective: 'yearly' },
  once: { per: 'one time', adjective: 'one-time' },
};

export interface PlanPriceView {
  /** What is charged now, formatted; "Custom" for plans not sold online. */
  amount: string;
  /** The struck regular price while a sale runs. */
  regular: string | null;
  per: string;
  /** Percent off while a sale runs. */
  salePercent: number | null;
  /** Set for plans bought online. */
  purchase: {
    plan: PurchasablePlanId;
    interval: BillingInterval;
    cents: number;
    /** The regular price while a sale runs, else null. */
    regularCents: number | null;
  } | null;
}

/** The interval a plan card sells: Pro follows the monthly/yearly switch, Lifetime is once. */
export function intervalFor(plan: PlanId, proInterval: 'month' | 'year'): BillingInterval | null {
  if (plan === 'pro') return proInterval;
  if (plan === 'lifetime') return 'once';
  return null;
}

export function planPrice(
  plan: Plan,
  proInterval: 'month' | 'year',
  list: PriceList,
): PlanPriceView {
  const interval = intervalFor(plan.id, proInterval);
  const price = interval
    ? list.prices.find((p) => p.plan === plan.id && p.interval === interval)
    : undefined;
  if (price && interval) {
    return {
      amount: formatUsd(price.cents),
      regular: price.onSale ? formatUsd(price.regularCents) : null,
      per: intervalLabels[interval].per,
      salePercent: price.onSale && list.sale ? list.sale.percent : null,
      purchase: {
        plan: price.plan,
        interval,
        cents: price.cents,
        regularCents: price.onSale ? price.regularCents : null,
      },
    };
  }
  if (plan.id === 'free') {
    return { amount: '$0', regular: null, per: 'forever', salePercent: null, purchase: null };
  }
  return { amount: 'Custom', regular: null, per: 'talk to us', salePercent: null, purchase: null };
}

/** How much cheaper a year of Pro is than twelve months, in whole percent. */
export function yearlySavingPercent(): number {
  const { month, year } = plans.pro.prices;
  return Math.round(100 - (year / (month * 12)) * 100);
}

export function portfoliosText(plan: Plan): string {
  if (plan.maxPortfolios === null) return 'Unlimited';
  return String(plan.maxPortfolios);
}

export function creditsText(plan: Plan): string {
  if (plan.resumeCredits === null) return 'Unlimited';
  return plan.monthlyCreditRefill
    ? `${plan.resumeCredits} every month`
    : `${plan.resumeCredits} at sign-up`;
}

export function hostingText(plan: Plan): string {
  if (plan.hostingMonths === null) return 'Unlimited';
  return plan.soldOnline
    ? `Paid period + ${plan.hostingMonths} months`
    : `${plan.hostingMonths} months after first publish`;
}

export type ComparisonValue = string | boolean;

export interface ComparisonRow {
  label: string;
  value: (plan: Plan) => ComparisonValue;
}

/** The comparison table's rows; each reads the catalogue. */
export const comparisonRows: ComparisonRow[] = [
  { label: 'Portfolios', value: portfoliosText },
  { label: 'Resume parsing credits', value: creditsText },
  { label: 'Templates', value: (p) => (p.allTemplates ? 'All' : 'Free ones') },
  {
    label: 'New templates',
    value: (p) => (p.newTemplatesMonthly ? `${NEW_TEMPLATES_PER_MONTH} every month` : false),
  },
  { label: 'Automatic subdomain', value: () => true },
  { label: 'Custom subdomain', value: (p) => p.customSubdomain },
  { label: 'Your own domain', value: (p) => p.ownDomain },
  { label: 'Hosting', value: hostingText },
  { label: 'Visitor analytics', value: (p) => p.analytics },
  { label: 'Priority support', value: (p) => p.prioritySupport },
];

const allPlans = Object.values(plans) as Plan[];

/** Pricing FAQ: questions and answers composed from the catalogue and the price list. */
export function pricingFaq(list: PriceList): { q: string; a: string }[] {
  const { free, pro, lifetime, business } = plans;
  const priceOf = (plan: PurchasablePlanId, interval: BillingInterval) => {
    const p = list.prices.find((x) => x.plan === plan && x.interval === interval);
    return p ? formatUsd(p.cents) : '';
  };
  const refill = plansWhere((p) => p.monthlyCreditRefill);
  return [
    {
      q: 'Do I need a credit card to start?',
      a: `No. The ${free.name} plan costs nothing and needs no card: ${free.maxPortfolios} portfolio, ${free.resumeCredits} resume parsing credits and the free templates.`,
    },
    {
      q: 'What is a resume parsing credit?',
      a: `Turning an uploaded resume into portfolio content costs 1 credit; a failed parse costs nothing, and entering your details by hand or importing a JSON Resume or a LinkedIn data export is always free. ${free.name} accounts get ${free.resumeCredits} credits once; ${planNames(refill)} are topped back up to ${pro.resumeCredits} every month; ${business.name} parsing is unlimited.`,
    },
    {
      q: 'How many portfolios can I have?',
      a: allPlans.map((p) => `${p.name}: ${portfoliosText(p).toLowerCase()}`).join('; ') + '.',
    },
    {
      q: 'Can I use my own address?',
      a: `Every portfolio gets an automatic subdomain from its name. ${planNames(plansWhere((p) => p.customSubdomain))} can choose a custom subdomain and connect a domain of their own.`,
    },
    {
      q: 'What happens when my Pro period ends?',
      a: `Pro costs ${priceOf('pro', 'month')} a month or ${priceOf('pro', 'year')} a year, paid in advance and never renewed behind your back. When the period ends the account returns to ${free.name}: nothing is deleted, and what goes beyond the ${free.name} plan becomes read-only until you upgrade again. Sites stay online for ${pro.hostingMonths} more months.`,
    },
    {
      q: 'What does Lifetime include?',
      a: `One payment of ${priceOf('lifetime', 'once')}: ${lifetime.maxPortfolios} portfolios, ${lifetime.resumeCredits} parsing credits every month, every template, lifetime hosting and priority support.`,
    },
    {
      q: 'How do I pay?',
      a: 'Securely through PayPal, with a PayPal account or a card (Visa, Mastercard). Prices are in US dollars. We offer a 7-day money-back guarantee.',
    },
    {
      q: 'How do I reach support?',
      a: `Write to ${brand().supportEmail} or use the contact form: we reply in under 24 hours. ${planNames(plansWhere((p) => p.prioritySupport))} get priority support.`,
    },
    {
      q: `What about ${business.name}?`,
      a: `${business.name} is for teams, schools and agencies: unlimited portfolios and parsing with everything in ${lifetime.name}. It is not sold online; contact us for a quote.`,
    },
  ];
}
