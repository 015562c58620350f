import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHosting, type Hosting, type SitesHook } from './index.ts';
import { hostingRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drop a published site from the cache (e.g. after deleting an account). */
    sites: SitesHook;
    /** Hosting's own parts (site cache, visitor counts, fast path): for the hosting feature. */
    siteHosting: Hosting;
  }
}

/**
 * Published sites: the site cache, host routing and the expiry job. Registered before any other
 * request hook (helmet, session lookup), so that a site's request is answered before them.
 */
export const hostingFeature = fp(
  async (app: FastifyInstance) => {
    const { settings } = app;
    const hosting = createHosting(app, {
      revalidateMs: settings.SITE_CACHE_SECONDS * 1000,
      databaseUrl: app.databaseKind === 'postgres' ? settings.DATABASE_URL : undefined,
    });
    app.decorate('sites', hosting.hook);
    app.decorate('siteHosting', hosting);
    app.scheduleJob(hosting.expiryJob(settings.HOSTING_JOB_MINUTES));
    await hosting.register(app);
  },
  {
    fastify: '5.x',
    name: 'hosting',
    dependencies: ['database', 'mailer', 'scheduler', 'rate-limits'],
  },
);

/**
 * Hosting's API (analytics, page tracking, the TLS proxy's question, fonts on the app's host):
 * registered with the other features' routes, after the request hooks they all need.
 */
export const hostingApiFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    hostingRoutes(app, app.siteHosting.views, app.siteHosting.cache);
    done();
  },
  { fastify: '5.x', name: 'hosting-api', dependencies: ['database', 'hosting'] },
);
