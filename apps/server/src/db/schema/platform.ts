/**
 * What the server itself keeps: background jobs, rate-limit counters, generated secrets, and
 * uploaded files with who uploaded them.
 */
import { sql } from 'drizzle-orm';
import {
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
import { bytea, createdAt } from './columns.ts';
import { users } from './accounts.ts';

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
