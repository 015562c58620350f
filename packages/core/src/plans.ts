// No zod here: the web app's first script shows plan names (the sale banner) and should not
// carry zod for it. The schema of a plan id is in plan-id.ts.
export const planIds = ['free', 'pro', 'lifetime', 'business'] as const;
export type PlanId = (typeof planIds)[number];

export const billingIntervals = ['month', 'year', 'once'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

export interface Plan {
  id: PlanId;
  name: string;
  description: string;
  /** Regular prices in US cents, by interval; empty when not sold online. */
  prices: Partial<Record<BillingInterval, number>>;
  /** null = unlimited */
  maxPortfolios: number | null;
  /** Credits at sign-up or each refill; null = unlimited. */
  resumeCredits: number | null;
  monthlyCreditRefill: boolean;
  allTemplates: boolean;
  customSubdomain: boolean;
  ownDomain: boolean;
  analytics: boolean;
  /** Gets the NEW_TEMPLATES_PER_MONTH new templates every month. */
  newTemplatesMonthly: boolean;
  prioritySupport: boolean;
  /**
   * Months of hosting after the first publish (free) or after the paid period ends (a paid period
   * never renews by itself); null = unlimited.
   */
  hostingMonths: number | null;
  popular: boolean;
  features: string[];
  buttonText: string;
  soldOnline: boolean;
}

/** New templates a month that paid plans are promised (product.md, Constants). */
export const NEW_TEMPLATES_PER_MONTH = '3–4';

/** The one plan catalogue (product.md, Plans). */
export const plans = {
  free: {
    id: 'free',
    name: 'Free',
    description: 'Everything you need to get your first portfolio online.',
    prices: {},
    maxPortfolios: 1,
    resumeCredits: 10,
    monthlyCreditRefill: false,
    allTemplates: false,
    customSubdomain: false,
    ownDomain: false,
    analytics: false,
    newTemplatesMonthly: false,
    prioritySupport: false,
    hostingMonths: 3,
    popular: false,
    features: [
      '1 portfolio',
      '10 resume parsing credits',
      'Free templates',
      'Automatic subdomain',
      '3 months of hosting',
    ],
    buttonText: 'Get Started',
    soldOnline: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    description: 'For active job seekers who want every template and their own address.',
    prices: { month: 598, year: 5980 },
    maxPortfolios: 3,
    resumeCredits: 10,
    monthlyCreditRefill: true,
    allTemplates: true,
    customSubdomain: true,
    ownDomain: true,
    analytics: true,
    newTemplatesMonthly: true,
    prioritySupport: false,
    hostingMonths: 3,
    popular: false,
    features: [
      '3 portfolios',
      '10 resume parsing credits every month',
      `All templates, ${NEW_TEMPLATES_PER_MONTH} new ones every month`,
      'Custom subdomain and your own domain',
      'Visitor analytics',
      'Hosting for the paid period + 3 months',
    ],
    buttonText: 'Upgrade to Pro',
    soldOnline: true,
  },
  lifetime: {
    id: 'lifetime',
    name: 'Lifetime',
    description: 'Pay once, keep your portfolio online for good.',
    prices: { once: 1998 },
    maxPortfolios: 5,
    resumeCredits: 10,
    monthlyCreditRefill: true,
    allTemplates: true,
    customSubdomain: true,
    ownDomain: true,
    analytics: true,
    newTemplatesMonthly: true,
    prioritySupport: true,
    hostingMonths: null,
    popular: true,
    features: [
      '5 portfolios',
      '10 resume parsing credits every month',
      `All templates, ${NEW_TEMPLATES_PER_MONTH} new ones every month`,
      'Custom subdomain and your own domain',
      'Visitor analytics',
      'Lifetime hosting',
      'Priority support',
    ],
    buttonText: 'Get Lifetime',
    soldOnline: true,
  },
  business: {
    id: 'business',
    name: 'Business',
    description: 'For teams, schools and agencies with many portfolios.',
    prices: {},
    maxPortfolios: null,
    resumeCredits: null,
    monthlyCreditRefill: false,
    allTemplates: true,
    customSubdomain: true,
    ownDomain: true,
    analytics: true,
    newTemplatesMonthly: true,
    prioritySupport: true,
    hostingMonths: null,
    popular: false,
    features: [
      'Unlimited portfolios',
      'Unlimited resume parsing',
      'All templates',
      'Custom subdomains and domains',
      'Visitor analytics',
      'Unlimited hosting',
      'Priority support',
    ],
    buttonText: 'Contact us',
    soldOnline: false,
  },
} as const satisfies Record<PlanId, Plan>;

export function getPlan(id: PlanId): Plan {
  return plans[id];
}

/** The plans for which `has` holds, in catalogue order. */
/* @__NO_SIDE_EFFECTS__ */
export function plansWhere(has: (plan: Plan) => boolean): Plan[] {
  return (Object.values(plans) as Plan[]).filter(has);
}

/** Plan names as a sentence list: "Pro", "Pro and Lifetime", "Pro, Lifetime or Business". */
/* @__NO_SIDE_EFFECTS__ */
export function planNames(list: readonly Plan[], conjunction: 'and' | 'or' = 'and'): string {
  const names = list.map((p) => p.name);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} ${conjunction} ${names.at(-1)}`;
}

/** Why a premium template is locked, naming the plans that include every template. */
/* @__NO_SIDE_EFFECTS__ */
export function premiumTemplateMessage(): string {
  return `Upgrade to ${planNames(
    plansWhere((p) => p.allTemplates),
    'or',
  )} to use premium templates.`;
}

/** Credits shown as "Unlimited" (business). */
export function hasUnlimitedCredits(plan: PlanId): boolean {
  return plans[plan].resumeCredits === null;
}

/** New users' credits (product.md, Constants). */
export const SIGNUP_CREDITS = 10;
/** Denominator of the credits bar (product.md, Constants). */
export const CREDITS_BAR_MAX = 10;

/** Credits bar colours (product.md, Constants): green above 5, yellow above 2, red otherwise. */
export function creditsColor(credits: number): 'green' | 'yellow' | 'red' {
  if (credits > 5) return 'green';
  if (credits > 2) return 'yellow';
  return 'red';
}
