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

/**
 * Visitor analytics, app page tracking (spec §7), the TLS proxy's question, and the sites' font
 * files on the app's own host (previews, `/s/{label}/`; site hosts answer them in host-routing).
 */
export function hostingRoutes(app: FastifyInstance, views: ViewCounter) {
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
   * For a TLS proxy's on-demand certificates (Caddy `on_demand_tls { ask … }`): 200 when `domain`
   * serves a live site (a label under SITES_DOMAIN or a verified own domain), 404 otherwise.
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
      const host = request.query.domain.trim().toLowerCase().replace(/\.$/, '');
      const suffix = `.${app.settings.SITES_DOMAIN.toLowerCase()}`;
      const where = host.endsWith(suffix)
        ? and(eq(sites.label, host.slice(0, -suffix.length)), isNotNull(sites.currentVersionId))
        : and(eq(sites.ownDomain, host), isNotNull(sites.ownDomainVerifiedAt));
      const [row] = await app.db
        .select({ id: sites.portfolioId })
        .from(sites)
        .where(where)
        .limit(1);
      return reply
        .status(row ? 200 : 404)
        .type('text/plain')
        .send(row ? 'allowed' : 'not allowed');
    },
  });
}
