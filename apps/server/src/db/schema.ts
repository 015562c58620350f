import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Binary column: Buffer in, Buffer out (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts created through Google sign-in only. */
    passwordHash: text('password_hash'),
    name: text('name'),
    credits: integer('credits').notNull().default(10),
    plan: text('plan').notNull().default('free'),
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSub: text('google_sub'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Monthly credit refills (Pro, Lifetime): when the last one ran and when the next is due. */
    creditsRefilledAt: timestamp('credits_refilled_at', { withTimezone: true }),
    nextCreditRefillAt: timestamp('next_credit_refill_at', { withTimezone: true }),
    /**
     * When any portfolio of the account first went live: the start of Free hosting (decisions
     * "Plans"). Kept on the account, so deleting and recreating a portfolio does not restart it.
     */
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_next_credit_refill_idx').on(t.nextCreditRefillAt),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
  ],
);

/** Server-side half of a session token: logout and password reset revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Email verification and password reset tokens, stored as SHA-256 hashes, usable once. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.kind),
  ],
);

/** Every message the server sends, whatever the transport. */
export const mailLog = pgTable('mail_log', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

export const portfolios = pgTable(
  'portfolios',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    template: text('template').notNull().default('modern'),
    domain: text('domain'),
    customDomain: text('custom_domain'),
    published: boolean('published').notNull().default(false),
    content: jsonb('content').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolios_user_idx').on(t.userId),
    uniqueIndex('portfolios_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('portfolios_domain_idx').on(t.domain),
    uniqueIndex('portfolios_custom_domain_idx').on(t.customDomain),
  ],
);

export const resumes = pgTable(
  'resumes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type'),
    sizeBytes: integer('size_bytes'),
    sha256: text('sha256'),
    /**
     * parsing → parsed | failed. A row left in "parsing" by a crash is refunded (failed,
     * INTERRUPTED) once no live process owns it (features/resumes/service.ts).
     */
    status: text('status').notNull().default('parsed'),
    error: text('error'),
    /** Whether a credit was taken for this parse (refunded when it fails). */
    creditSpent: boolean('credit_spent').notNull().default(false),
    parsedData: jsonb('parsed_data'),
    createdAt: createdAt(),
    /** While "parsing": renewed every few seconds by the process running the parse. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('resumes_user_idx').on(t.userId), index('resumes_status_idx').on(t.status)],
);

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

/**
 * Messages from the public contact form (portfolioId null: to Folio support) and from the contact
 * form of a published portfolio (to its owner). Stored before any mail is sent, so nothing is lost.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    portfolioId: integer('portfolio_id').references(() => portfolios.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** stored → delivered (mailed and/or forwarded) | failed (kept; retried or read by hand). */
    status: text('status').notNull().default('stored'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_portfolio_idx').on(t.portfolioId, t.createdAt)],
);

/**
 * Durable background jobs (shared/job-queue.ts): claimed with FOR UPDATE SKIP LOCKED, so each
 * runs once across every server process on one database; a claim left by a crashed process is
 * taken again when its lease ends. `dedupeKey` keeps one queued job per key.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued → running → done | failed (queued again after a failed attempt with retries left). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`status = 'queued'`),
  ],
);

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

/**
 * Rate-limit counters shared by every server process on one PostgreSQL (when REDIS_URL is unset).
 * One row per (route, client) window; expired rows are swept by a job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Keys the server generates once and every process shares (the session signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Uploaded files (images), by content-hash name. In the database so that every server process,
 * on any machine, serves the same files, and backups hold them with everything else.
 */
export const blobs = pgTable('blobs', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * Who uploaded which stored file (ADR 15): the per-account upload quota counts these rows, and
 * the clean-up of unused uploads removes them (and then the file) a day after the last upload.
 */
export const uploads = pgTable(
  'uploads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name')
      .notNull()
      .references(() => blobs.name, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] }), index('uploads_name_idx').on(t.name)],
);

export type UserRow = typeof users.$inferSelect;
export type PortfolioRow = typeof portfolios.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
export type PayPalWebhookEventRow = typeof paypalWebhookEvents.$inferSelect;
