/**
 * The database schema (drizzle-kit reads this file: apps/server/drizzle.config.ts), one file per
 * part of the product under schema/, and the row types the server uses.
 */
import type { contactMessages, portfolios } from './schema/portfolios.ts';
import type { payments, paypalWebhookEvents } from './schema/billing.ts';
import type { jobs } from './schema/platform.ts';
import type { sites } from './schema/sites.ts';
import type { users } from './schema/accounts.ts';

export * from './schema/accounts.ts';
export * from './schema/billing.ts';
export * from './schema/platform.ts';
export * from './schema/portfolios.ts';
export * from './schema/sites.ts';

export type UserRow = typeof users.$inferSelect;
export type PortfolioRow = typeof portfolios.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
export type PayPalWebhookEventRow = typeof paypalWebhookEvents.$inferSelect;
