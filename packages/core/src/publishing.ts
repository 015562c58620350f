import { z } from 'zod';
import { addMonths, toPlanId } from './billing.ts';
import { domainLabelSchema, domainMessages, reservedLabels } from './domain.ts';
import { idSchema } from './ids.ts';
import { plans } from './plans.ts';
import { portfolioStatuses, type PortfolioStatus } from './portfolio.ts';
import { publishMessages } from './publishing-messages.ts';

/*
 * Publishing, hosting and visitor analytics: the API shapes of features/publishing and
 * features/hosting, and the hosting-expiry rule (product.md, Plans).
 */

/** What a portfolio's site is doing (product.md, States, plus the publishing job's). */
export const siteStatuses = portfolioStatuses;
export type SiteStatus = PortfolioStatus;

/** A subdomain label as typed: trimmed, lowercased (product.md, Validation "forced lowercase"), checked. */
export const labelInputSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(domainLabelSchema)
  .refine((s) => !reservedLabels.has(s), domainMessages.reserved);

/** An own host name (product.md, Addresses): at least two labels, letters/digits/hyphens, no port. */
export const ownDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, publishMessages.ownDomainInvalid)
      .regex(
        /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/,
        publishMessages.ownDomainInvalid,
      ),
  );

/** PATCH /api/portfolios/{id} with `{domain, customDomain}` (product.md, API). */
export const domainSettingsInputSchema = z.object({
  domain: z.string().trim().toLowerCase().nullish(),
  /** The custom subdomain label (Pro and above); empty or null clears it. */
  customDomain: z
    .union([z.literal(''), z.null(), labelInputSchema])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  /** Required when the portfolio is published and its address changes (product.md, States). */
  confirm: z.boolean().optional(),
});
export type DomainSettingsInput = z.infer<typeof domainSettingsInputSchema>;

/** POST /api/domains/check: whether a label may be used by this portfolio. */
export const labelCheckInputSchema = z.object({
  label: z.string().max(100),
  portfolioId: idSchema.optional(),
});
export const labelCheckResponseSchema = z.object({
  label: z.string(),
  available: z.boolean(),
  /** Why not, in the product's words. */
  message: z.string().nullable(),
});
export type LabelCheckResponse = z.infer<typeof labelCheckResponseSchema>;

/**
 * A DNS record an own domain needs, and what the last check found: `found` (as expected),
 * `missing` (no such record; for the TXT record also one with other values), `wrong` (a CNAME,
 * A or AAAA record with other values, which the answer does not repeat), `unchecked` (not looked
 * up in this answer: the check does it).
 */
export const dnsRecordStates = ['found', 'missing', 'wrong', 'unchecked'] as const;
export const dnsRecordSchema = z.object({
  type: z.enum(['TXT', 'CNAME', 'A', 'AAAA']),
  name: z.string(),
  value: z.string(),
  /** What it is for: proving the domain is yours, or pointing it at the sites. */
  purpose: z.enum(['verify', 'point']),
  state: z.enum(dnsRecordStates),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

export const ownDomainStateSchema = z.object({
  host: z.string(),
  /** The TXT record, then the record(s) pointing the host at the sites (A/AAAA or CNAME). */
  records: z.array(dnsRecordSchema),
  /** The TXT record to add: name and value. */
  txtName: z.string(),
  txtValue: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** Until when the TXT record may be added (null once verified); later the claim must be renewed. */
  expiresAt: z.string().nullable(),
});
export type OwnDomainState = z.infer<typeof ownDomainStateSchema>;

/** GET /api/sites/{portfolioId}: the site of a portfolio. */
export const siteStateSchema = z.object({
  portfolioId: z.number().int(),
  status: z.enum(siteStatuses),
  /** Why the last publish failed. */
  error: z.string().nullable(),
  /** The live address, when live. */
  url: z.string().nullable(),
  /** Where the site is or will be served (custom subdomain, else automatic). */
  label: z.string().nullable(),
  publishedAt: z.string().nullable(),
  hostingExpiresAt: z.string().nullable(),
  hostingExpired: z.boolean(),
  /**
   * Whether the portfolio's content or template differs from what its live version shows
   * ("Unpublished changes"; true when nothing is live).
   */
  changedSincePublish: z.boolean(),
  ownDomain: ownDomainStateSchema.nullable(),
});
export type SiteState = z.infer<typeof siteStateSchema>;

export const publishResponseSchema = z.object({
  message: z.string(),
  site: siteStateSchema,
});
export type PublishResponse = z.infer<typeof publishResponseSchema>;

export const ownDomainInputSchema = z.object({ host: ownDomainSchema });

/** The app's own pages whose views are counted, by their product names (product.md, Screens and routes). */
export const trackedPages = [
  'dashboard',
  'profile',
  'resume-parse',
  'template-preview',
  'template-publish',
] as const;
export type TrackedPage = (typeof trackedPages)[number];

/** POST /api/track-page (product.md, API): a page view of the app's own pages. */
export const trackPageInputSchema = z.object({
  page: z.enum(trackedPages, { error: 'Unknown page' }),
});

/** GET /api/sites/{portfolioId}/analytics: the last 30 days. */
export const siteAnalyticsSchema = z.object({
  days: z.array(z.object({ day: z.string(), views: z.number().int() })),
  referrers: z.array(z.object({ host: z.string(), views: z.number().int() })),
  devices: z.array(z.object({ device: z.string(), views: z.number().int() })),
  total: z.number().int(),
});
export type SiteAnalytics = z.infer<typeof siteAnalyticsSchema>;

export const deviceClasses = ['desktop', 'mobile', 'tablet', 'bot'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** A coarse device class from a User-Agent header (no fingerprinting, nothing stored per visitor). */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = (userAgent ?? '').toLowerCase();
  if (!ua || /bot|crawl|spider|slurp|curl|wget|python|headless|lighthouse/.test(ua)) return 'bot';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|phone/.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * When a site's hosting ends (product.md, Plans); null = unlimited.
 * Free: 3 months after the first publish, or 3 months after a paid Pro period ended if later.
 * Pro: 3 months after the paid-through date (none while it has no end). Lifetime, Business: never.
 */
export function hostingExpiry(
  user: { plan: string; planExpiresAt: Date | string | null },
  firstPublishedAt: Date | string | null,
): Date | null {
  const plan = toPlanId(user.plan);
  const months = plans[plan].hostingMonths;
  if (months === null) return null;
  const paidThrough = user.planExpiresAt ? new Date(user.planExpiresAt) : null;
  if (plan === 'pro') return paidThrough ? addMonths(paidThrough, months) : null;
  const candidates: Date[] = [];
  if (firstPublishedAt) candidates.push(addMonths(new Date(firstPublishedAt), months));
  if (paidThrough) candidates.push(addMonths(paidThrough, months));
  if (candidates.length === 0) return null;
  return new Date(Math.max(...candidates.map((d) => d.getTime())));
}

/** The public address of a label under the sites domain, with the app's scheme and port. */
export function siteUrlFor(label: string, sitesDomain: string, appUrl: string): string {
  const app = new URL(appUrl);
  return `${app.protocol}//${label}.${sitesDomain}${app.port ? `:${app.port}` : ''}/`;
}
