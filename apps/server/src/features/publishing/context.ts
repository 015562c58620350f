/**
 * What every publishing module shares: the options the server gives, and the reads of a
 * portfolio, its site row and its address that each request starts from.
 */
import { AppError, siteUrlFor } from '@folio/core';
import type { RenderOptions } from '@folio/renderer';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { portfolios, sites, type PortfolioRow, type SiteRow } from '../../db/schema.ts';
import type { JobQueue, JobTx } from '../../shared/job-queue.ts';

/** The channel other server processes listen on to drop a cached site (ADR 0009). */
export const SITES_CHANNEL = 'folio_sites';

/** DNS lookups of own domains (node:dns/promises; tests pass a fake). */
export interface TxtResolver {
  resolveTxt(host: string): Promise<string[][]>;
  resolveCname?(host: string): Promise<string[]>;
  resolve4?(host: string): Promise<string[]>;
  resolve6?(host: string): Promise<string[]>;
}

/** Where own domains point (settings SITES_HOST, SITES_IPV4, SITES_IPV6). */
export interface PointTo {
  host: string;
  ipv4: string[];
  ipv6: string[];
}

export interface PublishingOptions {
  db: Db;
  queue: JobQueue;
  log: FastifyBaseLogger;
  sitesDomain: string;
  appUrl: string;
  appName: string;
  resolver: TxtResolver;
  pointTo: PointTo;
  /** Drops a site from the in-memory cache of this process (hosting). */
  invalidate: (key: { portfolioId?: number; label?: string | null; host?: string | null }) => void;
  /** Builds a page from stored content, off the main thread (shared/render-pool.node.ts). */
  render: (content: unknown, options: RenderOptions) => Promise<string>;
}

/** The database, or the transaction a step runs in. */
export type Queryable = Db | JobTx;

/** A portfolio of `userId` (locked for update when `lock`); NOT_FOUND for anyone else's. */
export async function owned(db: Queryable, userId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, id), eq(portfolios.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError('NOT_FOUND', 'Portfolio not found');
  return row;
}

/** The site row of a portfolio (null: never published, no own domain claimed). */
export async function siteOf(db: Queryable, portfolioId: number): Promise<SiteRow | null> {
  const [row] = await db.select().from(sites).where(eq(sites.portfolioId, portfolioId));
  return row ?? null;
}

/** The address a portfolio is served at: its custom subdomain, else its automatic one. */
export function labelOf(p: Pick<PortfolioRow, 'domain' | 'customDomain'>): string | null {
  return p.customDomain || p.domain || null;
}

export function siteUrl(opts: PublishingOptions, label: string) {
  return siteUrlFor(label, opts.sitesDomain, opts.appUrl);
}
