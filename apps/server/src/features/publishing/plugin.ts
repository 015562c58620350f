import dns from 'node:dns/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { portfolioSiteRoutes } from './portfolio-routes.ts';
import { publishingRoutes } from './routes.ts';
import { Publishing, type TxtResolver } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publishing: Publishing;
  }
}

export interface PublishingOptions {
  /** Answers the own-domain TXT lookups (tests use a fake). */
  dnsResolver?: TxtResolver | undefined;
}

/** A comma-separated setting as a list (empty items dropped). */
const listOf = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Publishing: publish jobs, addresses, own domains, versions; the one owner of site state. */
export const publishingFeature = fp(
  (app: FastifyInstance, opts: PublishingOptions, done) => {
    const { settings, renderPool } = app;
    app.decorate(
      'publishing',
      new Publishing({
        db: app.db,
        queue: app.jobQueue,
        log: app.log,
        sitesDomain: settings.SITES_DOMAIN,
        appUrl: settings.APP_URL,
        appName: settings.APP_NAME,
        resolver: opts.dnsResolver ?? dns,
        pointTo: {
          host: settings.SITES_HOST ?? new URL(settings.APP_URL).hostname,
          ipv4: listOf(settings.SITES_IPV4),
          ipv6: listOf(settings.SITES_IPV6),
        },
        invalidate: app.sites.invalidate,
        render: (content, options) => renderPool.render(content, options),
      }),
    );
    portfolioSiteRoutes(app);
    publishingRoutes(app);
    done();
  },
  {
    fastify: '5.x',
    name: 'publishing',
    dependencies: ['database', 'job-queue', 'render-pool', 'hosting', 'portfolios'],
  },
);
