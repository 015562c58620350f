import {
  normalizeIP,
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
} from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * How many IPv6 address bits name one client for rate limits. A /48 is what a home or small
 * office is commonly given (RFC 6177), so one holder's 65,536 /64 networks share one budget.
 * IPv4 addresses count one by one; IPv4-mapped IPv6 (`::ffff:a.b.c.d`) counts as its IPv4 address.
 */
export const RATE_LIMIT_IPV6_PREFIX = 48;

/** The client of a request as the rate limits count it (see RATE_LIMIT_IPV6_PREFIX). */
export function rateLimitClient(ip: string): string {
  return normalizeIP(ip, RATE_LIMIT_IPV6_PREFIX);
}

/**
 * A @fastify/rate-limit store in the database, so that every server process on one PostgreSQL
 * counts the same requests (ADR 0008). One upsert per request: a row is a fixed window per route
 * and client; an expired window restarts at 1. Used when DATABASE_URL is set and REDIS_URL is not.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const id = this.prefix + key;
      db.execute(
        sql`
        insert into ${rateLimits} (key, count, reset_at)
        values (${id}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        on conflict (key) do update set
          count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= now()
            then now() + make_interval(secs => ${timeWindow / 1000}) else ${rateLimits.resetAt} end
        returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`,
      )
        .then((result) => {
          const row = (result as { rows: { count: number; ttl: number }[] }).rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? timeWindow) });
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    }

    /** One store per limited route: its counters are keyed by method and URL. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // At run time the plugin passes the merged limit options with the route as `routeInfo`.
      const { routeInfo } = options as { routeInfo?: { method?: string | string[]; url?: string } };
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore({}, `${method} ${routeInfo?.url ?? ''}:`);
    }
  };
}

/** Deletes windows that ended more than an hour ago (a job; safe to run twice). */
export async function sweepRateLimits(db: Db, now = new Date()) {
  const cutoff = new Date(now.getTime() - 60 * 60 * 1000);
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, cutoff))
    .returning({ key: rateLimits.key });
  return { deleted: deleted.length };
}
