/**
 * Accounts and what belongs to signing in: users, sessions, one-time tokens (email verification,
 * password reset), and the log of mail sent.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

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
    /**
     * A new address asked for on the profile, waiting for the link mailed to it (one-time token of
     * kind 'email'); `email` stays the sign-in address until then. Not unique: the first to
     * confirm an address gets it.
     */
    pendingEmail: text('pending_email'),
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
