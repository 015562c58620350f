import {
  AppError,
  effectivePlan,
  hasAnalytics,
  portfolioIdParamsSchema,
  publishMessages,
  siteAnalyticsSchema,
  trackPageInputSchema,
} from '@folio/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portfolios, sites } from '../../db/schema.ts';
import { currentUser } from '../../plugins/auth.ts';
import { siteAnalytics, type ViewCounter } from './analytics.ts';
import { sendFont } from './fonts.ts';
import { siteHostname, siteLabelOf } from './host-routing.ts';
import type { SiteCache } from './site-cache.ts';

/**
 * Visitor analytics, app page tracking (product.md, API), the TLS proxy's question, and the sites' font
 * files on the app's own host (previews, `/s/{label}/`; site hosts answer them in host-routing).
 */
export function hostingRoutes(app: FastifyInstance, views: ViewCounter, cache: SiteCache) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/fonts/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(80) }) },
    handler: (request, reply) => {
      const sent = sendFont(reply, request.params.file);
      if (!sent) throw new AppError('NOT_FOUND', 'File not found');
      return sent;
    },
  });

  r.get('/api/portfolios/:id/analytics', {
    config: { access: 'user' },
    schema: {
      tags: ['hosting'],
      params: portfolioIdParamsSchema,
      response: { 200: siteAnalyticsSchema },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const [row] = await app.db
        .select({ id: portfolios.id })
        .from(portfolios)
        .where(and(eq(portfolios.id, request.params.id), eq(portfolios.userId, user.id)));
      if (!row) throw new AppError('NOT_FOUND', 'Portfolio not found');
      if (!hasAnalytics(effectivePlan(user))) {
        throw new AppError('PLAN_LIMIT', publishMessages.analyticsPlan);
      }
      return siteAnalytics(app.db, row.id);
    },
  });

  r.post('/api/track-page', {
    config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: { tags: ['hosting'], body: trackPageInputSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      views.appPage(request.body.page.toLowerCase());
      return reply.status(204).send(null);
    },
  });

  /**
   * For a TLS proxy's on-demand certificates (Caddy `on_demand_tls { ask … }`): 200 exactly when
   * host routing answers for `domain` with a site: a label under SITES_DOMAIN that serves a live
   * site or, within its hold, redirects to the site's new label (301), or a verified own domain.
   * 404 otherwise. The name is normalised as host routing does it (lower case, no final dot).
   */
  r.get('/internal/tls-allowed', {
    schema: {
      hide: true,
      // A host name as a TLS proxy asks it: anything else (a NUL byte, which PostgreSQL refuses
      // in text) is refused here, not by the database.
      querystring: z.object({
        domain: z
          .string()
          .max(253)
          .regex(/^[A-Za-z0-9.-]+$/, 'Not a host name'),
      }),
    },
    handler: async (request, reply) => {
      const host = siteHostname(request.query.domain.trim());
      const { settings } = app;
      const appHost = siteHostname(new URL(settings.APP_URL).hostname);
      const label = siteLabelOf(host, settings.SITES_DOMAIN, appHost);
      let allowed: boolean;
      if (label !== null) {
        const site = await cache.get({ label });
        allowed = site.kind === 'live' || site.kind === 'redirect';
      } else if (host.endsWith(`.${settings.SITES_DOMAIN.toLowerCase()}`) || host === appHost) {
        allowed = false; // the app's own names, reserved and deeper names: no site
      } else {
        const [row] = await app.db
          .select({ id: sites.portfolioId })
          .from(sites)
          .where(and(eq(sites.ownDomain, host), isNotNull(sites.ownDomainVerifiedAt)))
          .limit(1);
        allowed = row !== undefined;
      }
      return reply
        .status(allowed ? 200 : 404)
        .type('text/plain')
        .send(allowed ? 'allowed' : 'not allowed');
    },
  });
}
