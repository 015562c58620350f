import { createHash } from 'node:crypto';
import {
  normalizeIP,
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
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

/** Adds one to the fixed window `id` (restarting it when it has ended): the count and ms left. */
async function databaseHit(db: Db, id: string, windowMs: number) {
  const result = await db.execute(
    sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${id}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now()
        then now() + make_interval(secs => ${windowMs / 1000}) else ${rateLimits.resetAt} end
    returning count, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl`,
  );
  const row = (result as { rows: { count: number; ttl: number }[] }).rows[0];
  return { current: Number(row?.count ?? 1), ttl: Number(row?.ttl ?? windowMs) };
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
      databaseHit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
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

/**
 * Counts hits in fixed windows, in the same place as the request rate limits (Redis, the
 * database, or this process's memory), so that every server process counts the same hits.
 */
export interface WindowCounter {
  /** Adds one to the window `key` of `windowMs` (a new one once it has ended): the count so far. */
  hit(key: string, windowMs: number): Promise<number>;
}

export function redisCounter(redis: Redis, nameSpace: string): WindowCounter {
  return {
    async hit(key, windowMs) {
      const id = nameSpace + key;
      // The window starts with its first hit; INCR keeps the expiry SET gave it.
      const results = await redis.multi().set(id, 0, 'PX', windowMs, 'NX').incr(id).exec();
      const [error, count] = results?.[1] ?? [new Error('redis: no answer to INCR')];
      if (error) throw error;
      return Number(count);
    },
  };
}

export function databaseCounter(db: Db): WindowCounter {
  return { hit: async (key, windowMs) => (await databaseHit(db, key, windowMs)).current };
}

/** One process's memory (the embedded database: one process). Ended windows are dropped as it grows. */
export function memoryCounter(now: () => number = Date.now): WindowCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, windowMs) {
      const t = now();
      if (windows.size >= 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return Promise.resolve(w.count);
    },
  };
}

const MINUTE = 60_000;

/**
 * Account mails (verification, password reset) one address may receive: at most 3 in 15 minutes
 * and 10 a day, whoever asks and from wherever. The per-address request limits cannot stop many
 * addresses asking for mail to one person.
 */
export const RECIPIENT_MAIL_LIMITS = [
  { max: 3, windowMs: 15 * MINUTE, name: '15m' },
  { max: 10, windowMs: 24 * 60 * MINUTE, name: '1d' },
] as const;

export interface RecipientMailLimit {
  /** Whether one more account mail may go to `to` now (counting it if so). */
  allow(to: string, kind: string): Promise<boolean>;
}

/**
 * The per-recipient limit on account mails. A mail held back is logged without its address. When
 * the counter fails (the store is down) the mail is held back too: a limit that lapses whenever
 * the store does is no limit.
 */
export function recipientMailLimit(
  counter: WindowCounter,
  log: FastifyBaseLogger,
): RecipientMailLimit {
  return {
    async allow(to, kind) {
      // Counted under a digest: the store keeps no addresses (nor any after an account is deleted).
      const recipient = createHash('sha256').update(to.trim().toLowerCase()).digest('base64url');
      try {
        // A window already full does not count the attempt in the longer ones.
        for (const { max, windowMs, name } of RECIPIENT_MAIL_LIMITS) {
          if ((await counter.hit(`mail-to:${name}:${recipient}`, windowMs)) > max) {
            log.warn({ kind, window: name }, 'account mail held back: recipient limit reached');
            return false;
          }
        }
        return true;
      } catch (err) {
        log.error({ err, kind }, 'account mail held back: recipient limit could not be counted');
        return false;
      }
    },
  };
}
