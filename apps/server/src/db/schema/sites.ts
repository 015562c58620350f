/**
 * Published sites: the site of a portfolio, its rendered versions, labels held after release, and
 * visitor counts (of sites and of the app's own pages).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { portfolios } from './portfolios.ts';

/**
 * The published site of a portfolio (features/publishing, features/hosting). `label` is the
 * address it is served at while live; `currentVersionId` points at the immutable HTML served.
 */
export const sites = pgTable(
  'sites',
  {
    portfolioId: integer('portfolio_id')
      .primaryKey()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** offline | publishing | live | failed */
    status: text('status').notNull().default('offline'),
    error: text('error'),
    label: text('label'),
    currentVersionId: integer('current_version_id'),
    /**
     * Own host name (Pro and above), served once verified by a DNS TXT record. An unverified claim
     * reserves nothing: several sites may claim one host, the first to verify it wins (the partial
     * unique index below), and a claim not verified within OWN_DOMAIN_CLAIM_DAYS expires.
     */
    ownDomain: text('own_domain'),
    ownDomainToken: text('own_domain_token'),
    ownDomainClaimedAt: timestamp('own_domain_claimed_at', { withTimezone: true }),
    ownDomainVerifiedAt: timestamp('own_domain_verified_at', { withTimezone: true }),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When hosting ends (product.md, Plans); null = unlimited. Kept by the hosting job. */
    hostingExpiresAt: timestamp('hosting_expires_at', { withTimezone: true }),
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_label_idx').on(t.label),
    uniqueIndex('sites_own_domain_verified_idx')
      .on(t.ownDomain)
      .where(sql`own_domain_verified_at is not null`),
    index('sites_own_domain_idx').on(t.ownDomain),
    index('sites_user_idx').on(t.userId),
  ],
);

/**
 * Subdomain labels a portfolio stopped using (portfolio deleted, custom subdomain changed): held
 * for their former owner for LABEL_HOLD_DAYS, so nobody else takes over the old address at once.
 * Rows are written by the database trigger `portfolios_release_labels` (migration "label_holds"),
 * so every way a label is freed is caught, a deleted account's portfolios too. No foreign keys:
 * the hold outlives both the portfolio and the account.
 */
export const releasedLabels = pgTable('released_labels', {
  label: text('label').primaryKey(),
  /** The former owner (may take the label back during the hold). */
  userId: integer('user_id').notNull(),
  portfolioId: integer('portfolio_id').notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every rendered version of a site: immutable; a publish flips `sites.currentVersionId`. */
export const siteVersions = pgTable(
  'site_versions',
  {
    id: serial('id').primaryKey(),
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    jobId: integer('job_id'),
    html: text('html').notNull(),
    /** The page compressed when published (null for versions published before these columns). */
    br: bytea('br'),
    gzip: bytea('gzip'),
    etag: text('etag').notNull(),
    nonce: text('nonce').notNull(),
    /**
     * What the page was built from: the portfolio's content and template at publish time (null for
     * versions published before these columns). A moved site is rebuilt from these at its new
     * address, and the draft is compared with them ("Unpublished changes").
     */
    content: jsonb('content'),
    template: text('template'),
    /**
     * The link-preview image (1200×630 PNG, og:image) made when publishing, served at
     * `/{ogImageName}` on the site (null for versions from before, or with the owner's own image).
     */
    ogImage: bytea('og_image'),
    ogImageName: text('og_image_name'),
    createdAt: createdAt(),
  },
  (t) => [index('site_versions_portfolio_idx').on(t.portfolioId, t.id)],
);

/** Visitor counts of published sites, without cookies: one row per day, referrer host and device. */
export const siteViews = pgTable(
  'site_views',
  {
    portfolioId: integer('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    device: text('device').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('site_views_key_idx').on(t.portfolioId, t.day, t.referrerHost, t.device)],
);

/** Views of the app's own pages (POST /api/track-page, product.md, API), per day. */
export const appPageViews = pgTable(
  'app_page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('app_page_views_key_idx').on(t.day, t.page)],
);
