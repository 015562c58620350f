import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ViewCounter } from './analytics.ts';
import { runHostingExpiry } from './expiry-job.ts';
import { hostRouting, type SitesFastPath } from './host-routing.ts';
import { SiteCache } from './site-cache.ts';

/** The channel publishing notifies on when a site changes (see features/publishing). */
const SITES_CHANNEL = 'folio_sites';

export type SiteKeyInput = { portfolioId?: number; label?: string | null; host?: string | null };

/** What other features may ask of hosting (decorated as `app.sites`). */
export interface SitesHook {
  /**
   * Drops a site from the cache of every process: here at once, in the others through
   * NOTIFY on `folio_sites` (LISTEN below). The one way to drop a site: whatever changed what a
   * site serves (republish, take-down, account or portfolio deleted, own domain changed or
   * removed, hosting end moved) must reach every process, not only this one. Call it after the
   * change has committed. The NOTIFY is sent in the background; a failed one is logged (the others
   * re-check within SITE_CACHE_SECONDS).
   */
  invalidate: (key: SiteKeyInput) => void;
  /** Writes pending visitor counts now (they are otherwise written every few seconds). */
  flushViews: () => Promise<void>;
}

export interface Hosting {
  cache: SiteCache;
  views: ViewCounter;
  hook: SitesHook;
  /** Registers the host-routing request hook (must come before other request hooks). */
  register(app: FastifyInstance): Promise<void>;
  /** Answers cached site pages on the Node server before Fastify (false: not one of those). */
  fastPath: SitesFastPath;
  /** The scheduled hosting-expiry job. */
  expiryJob(everyMinutes: number): {
    name: string;
    everyMs: number;
    run(now: Date): Promise<unknown>;
  };
}

/**
 * Hosting of published sites: cache, host routing, visitor counts, expiry job, and — on
 * PostgreSQL — a LISTEN connection so a republish in any process drops this process's copy.
 */
export function createHosting(
  app: FastifyInstance,
  opts: { revalidateMs: number; databaseUrl?: string | undefined },
): Hosting {
  const cache = new SiteCache({ db: app.db, revalidateMs: opts.revalidateMs });
  const views = new ViewCounter(app.db, app.log);
  /** NOTIFYs still on their way (awaited when the server closes). */
  const notifying = new Set<Promise<unknown>>();
  const hook: SitesHook = {
    invalidate: (key) => {
      cache.invalidate(key);
      const sent = app.db
        .execute(sql`select pg_notify(${SITES_CHANNEL}, ${JSON.stringify(key)})`)
        .catch((err: unknown) => app.log.warn({ err }, 'could not notify other processes'))
        .finally(() => notifying.delete(sent));
      notifying.add(sent);
    },
    flushViews: () => views.flush(),
  };

  let listener: pg.Client | null = null;
  let closing = false;
  const listen = async (attempt = 0): Promise<void> => {
    if (closing || !opts.databaseUrl) return;
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    const retry = () => {
      if (closing) return;
      // A lost connection may have missed notifications: start from an empty cache.
      cache.clear();
      const t = setTimeout(() => void listen(attempt + 1), Math.min(1000 * 2 ** attempt, 30_000));
      t.unref();
    };
    client.on('error', (err) => {
      app.log.warn({ err }, 'site cache listener lost its connection');
      listener = null;
      void client.end().catch(() => {});
      retry();
    });
    client.on('notification', (msg) => {
      try {
        const key = JSON.parse(msg.payload ?? '{}') as SiteKeyInput;
        cache.invalidate(key);
      } catch {
        cache.clear();
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${SITES_CHANNEL}`);
      listener = client;
      if (attempt > 0) cache.clear();
    } catch (err) {
      app.log.warn({ err }, 'site cache listener could not connect');
      await client.end().catch(() => {});
      retry();
    }
  };

  let fastPath: SitesFastPath = () => false;
  return {
    cache,
    views,
    hook,
    fastPath: (req, res) => fastPath(req, res),
    async register(instance) {
      await instance.register(hostRouting, {
        cache,
        views,
        onFastPath: (f) => {
          fastPath = f;
        },
      });
      instance.addHook('onReady', async () => {
        await listen();
      });
      instance.addHook('onClose', async () => {
        closing = true;
        await Promise.all(notifying);
        await views.close();
        await listener?.end().catch(() => {});
      });
    },
    expiryJob(everyMinutes) {
      return {
        name: 'hosting-expiry',
        everyMs: everyMinutes * 60_000,
        run: (now: Date) =>
          runHostingExpiry(
            app.db,
            {
              mailer: app.mailer,
              appUrl: app.settings.APP_URL,
              appName: app.settings.APP_NAME,
              invalidate: hook.invalidate,
            },
            now,
          ),
      };
    },
  };
}
