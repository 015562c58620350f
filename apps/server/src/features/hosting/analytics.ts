import { createHash, randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { DeviceClass, SiteAnalytics } from '@folio/core';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { appPageViews, siteViews } from '../../db/schema.ts';

const today = (now = new Date()) => now.toISOString().slice(0, 10);

export interface VisitorGateOptions {
  /** A visitor (address and user agent) counts once per site in this time. */
  windowMs?: number;
  /** Views counted per address (IPv6: its /64) per site per day, whatever the user agent. */
  perAddressPerDay?: number;
  /** Visitors remembered at most (the oldest are forgotten first). */
  maxEntries?: number;
}

/**
 * Which page views count (so a visitor reloading, or a script, cannot inflate a site's numbers):
 * one view per visitor (address + user agent) per site per `windowMs`, and at most
 * `perAddressPerDay` per address per site per day. Kept in this process's memory only, under
 * salted SHA-256 digests (the salt is random per process and never stored): neither an address
 * nor a user agent is kept. With several processes, each applies the limits on its own.
 */
export class VisitorGate {
  private readonly salt = randomBytes(16);
  private readonly windowMs: number;
  private readonly perAddressPerDay: number;
  private readonly maxEntries: number;
  /** Visitor digest → when its last view was counted (oldest first). */
  private readonly lastCounted = new Map<string, number>();
  /** Address digest → views counted `day`. */
  private perAddress = new Map<string, number>();
  private day = '';

  constructor(opts: VisitorGateOptions = {}) {
    this.windowMs = opts.windowMs ?? 30 * 60_000;
    this.perAddressPerDay = opts.perAddressPerDay ?? 20;
    this.maxEntries = opts.maxEntries ?? 100_000;
  }

  private digest(...parts: (string | number)[]) {
    const h = createHash('sha256').update(this.salt);
    for (const part of parts) h.update(`\0${part}`);
    return h.digest('base64url').slice(0, 22);
  }

  /** Whether this view counts (and, if so, it is remembered). */
  admit(portfolioId: number, address: string, userAgent: string, now = Date.now()): boolean {
    const day = today(new Date(now));
    if (day !== this.day) {
      this.day = day;
      this.perAddress = new Map();
    }
    const visitor = this.digest(portfolioId, address, userAgent.slice(0, 512));
    const last = this.lastCounted.get(visitor);
    if (last !== undefined && now - last < this.windowMs) return false;
    // The part of the address one party controls: the address, or an IPv6 address's /64.
    const addressKey = this.digest(portfolioId, normalizeIP(address, 64));
    const counted = this.perAddress.get(addressKey) ?? 0;
    if (counted >= this.perAddressPerDay) return false;
    this.perAddress.set(addressKey, counted + 1);
    this.lastCounted.delete(visitor);
    this.lastCounted.set(visitor, now);
    if (this.lastCounted.size > this.maxEntries) {
      // Oldest first: drop those whose window has passed, then the oldest beyond the bound.
      for (const [key, at] of this.lastCounted) {
        if (now - at < this.windowMs && this.lastCounted.size <= this.maxEntries) break;
        this.lastCounted.delete(key);
      }
    }
    if (this.perAddress.size > this.maxEntries) {
      const oldest = this.perAddress.keys().next().value;
      if (oldest !== undefined) this.perAddress.delete(oldest);
    }
    return true;
  }
}

/**
 * Visitor counts without cookies or any stored per-visitor record (ADR 0009): a view adds one to
 * a counter per (site, day, referrer host, device class). Views are first passed through a
 * `VisitorGate` (repeat views and floods from one address do not count). Counters are summed in
 * memory and written in one batch every few seconds, so serving a page never waits for the
 * database; a crash loses at most the last few seconds of counts.
 */
export class ViewCounter {
  private sitePending = new Map<string, number>();
  private appPending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 5000,
    private readonly gate = new VisitorGate(),
  ) {}

  /** Counts a view of a site's page by the visitor at `address` with `userAgent`, if it counts. */
  site(
    portfolioId: number,
    referrerHost: string,
    device: DeviceClass,
    visitor: { address: string; userAgent: string },
  ) {
    if (!this.gate.admit(portfolioId, visitor.address, visitor.userAgent)) return;
    const key = `${portfolioId}\t${today()}\t${referrerHost.slice(0, 253)}\t${device}`;
    this.sitePending.set(key, (this.sitePending.get(key) ?? 0) + 1);
    this.arm();
  }

  appPage(page: string) {
    const key = `${today()}\t${page}`;
    this.appPending.set(key, (this.appPending.get(key) ?? 0) + 1);
    this.arm();
  }

  private arm() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Writes the pending counts (also called when the server closes). */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    const sitesBatch = this.sitePending;
    const appBatch = this.appPending;
    this.sitePending = new Map();
    this.appPending = new Map();
    if (sitesBatch.size === 0 && appBatch.size === 0) return;
    this.flushing = (async () => {
      try {
        if (sitesBatch.size > 0) {
          const rows = [...sitesBatch].map(([key, views]) => {
            const [portfolioId, day, referrerHost, device] = key.split('\t');
            return {
              portfolioId: Number(portfolioId),
              day: day!,
              referrerHost: referrerHost ?? '',
              device: device!,
              views,
            };
          });
          await this.db
            .insert(siteViews)
            .values(rows)
            .onConflictDoUpdate({
              target: [
                siteViews.portfolioId,
                siteViews.day,
                siteViews.referrerHost,
                siteViews.device,
              ],
              set: { views: sql`${siteViews.views} + excluded.views` },
            })
            .catch(async (err: unknown) => {
              // A site deleted meanwhile breaks the batch's foreign key: write the rest one by one.
              this.log.debug({ err }, 'view batch failed; retrying row by row');
              for (const row of rows) {
                await this.db
                  .insert(siteViews)
                  .values(row)
                  .onConflictDoUpdate({
                    target: [
                      siteViews.portfolioId,
                      siteViews.day,
                      siteViews.referrerHost,
                      siteViews.device,
                    ],
                    set: { views: sql`${siteViews.views} + excluded.views` },
                  })
                  .catch(() => {});
              }
            });
        }
        if (appBatch.size > 0) {
          const rows = [...appBatch].map(([key, views]) => {
            const [day, page] = key.split('\t');
            return { day: day!, page: page!, views };
          });
          await this.db
            .insert(appPageViews)
            .values(rows)
            .onConflictDoUpdate({
              target: [appPageViews.day, appPageViews.page],
              set: { views: sql`${appPageViews.views} + excluded.views` },
            });
        }
      } catch (err) {
        this.log.warn({ err }, 'could not write page view counts');
      }
    })();
    await this.flushing;
    this.flushing = null;
  }

  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** The last `days` days of a site's counts (today included). */
export async function siteAnalytics(
  db: Db,
  portfolioId: number,
  days = 30,
  now = new Date(),
): Promise<SiteAnalytics> {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const where = and(eq(siteViews.portfolioId, portfolioId), gte(siteViews.day, from));
  const total = sql<number>`sum(${siteViews.views})::int`;
  const [perDay, referrers, devices] = await Promise.all([
    db
      .select({ day: siteViews.day, views: total })
      .from(siteViews)
      .where(where)
      .groupBy(siteViews.day),
    db
      .select({ host: siteViews.referrerHost, views: total })
      .from(siteViews)
      .where(and(where, sql`${siteViews.referrerHost} <> ''`))
      .groupBy(siteViews.referrerHost)
      .orderBy(desc(total))
      .limit(10),
    db
      .select({ device: siteViews.device, views: total })
      .from(siteViews)
      .where(where)
      .groupBy(siteViews.device)
      .orderBy(desc(total)),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.views)]));
  const series: SiteAnalytics['days'] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    series.push({ day, views: byDay.get(day) ?? 0 });
  }
  return {
    days: series,
    referrers: referrers.map((r) => ({ host: r.host, views: Number(r.views) })),
    devices: devices.map((r) => ({ device: r.device, views: Number(r.views) })),
    total: series.reduce((n, d) => n + d.views, 0),
  };
}
