/** Portfolios, the résumés they are made from, and contact-form messages. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Review } from '@folio/core';
import { bytea, createdAt } from './columns.ts';
import { users } from './accounts.ts';

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
    /** The parse it was made from, whose original the editor shows beside the form (ADR 44). */
    resumeId: integer('resume_id').references((): AnyPgColumn => resumes.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolios_user_idx').on(t.userId),
    index('portfolios_resume_idx').on(t.resumeId),
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
     * INTERRUPTED) once no live process owns it (features/resumes/service.ts). After a parse:
     * parsed → used (a portfolio was made from it) | released (making it failed: credit given
     * back); see shared/resume-credits.ts.
     */
    status: text('status').notNull().default('parsed'),
    error: text('error'),
    /** Whether a credit was taken for this parse (refunded when it fails). */
    creditSpent: boolean('credit_spent').notNull().default(false),
    parsedData: jsonb('parsed_data'),
    /** The parser's account of the read (confidence, marks, sources): codes and numbers only. */
    review: jsonb('review').$type<Review>(),
    createdAt: createdAt(),
    /** While "parsing": renewed every few seconds by the process running the parse. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('resumes_user_idx').on(t.userId), index('resumes_status_idx').on(t.status)],
);

/**
 * The uploaded document a parse read, kept so the editor can show it beside the form until the
 * user deletes it (ADR 44). Written in the transaction that marks the parse "parsed", so a crash
 * leaves either both or neither; removed with its portfolio, its account, or by the user.
 */
export const resumeOriginals = pgTable('resume_originals', {
  resumeId: integer('resume_id')
    .primaryKey()
    .references(() => resumes.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  /** The text the parser read, in reading order (Word files are shown as its paragraphs). */
  documentText: text('document_text'),
  createdAt: createdAt(),
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
