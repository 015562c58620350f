import type { DeviceClass, SiteAnalytics } from '@folio/core';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { appPageViews, siteViews } from '../../db/schema.ts';

const today = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Visitor counts without cookies or any per-visitor record (ADR 0008): a view adds one to a
 * counter per (site, day, referrer host, device class). Counters are summed in memory and written
 * in one batch every few seconds, so serving a page never waits for the database; a crash loses
 * at most the last few seconds of counts.
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
  ) {}

  site(portfolioId: number, referrerHost: string, device: DeviceClass) {
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
