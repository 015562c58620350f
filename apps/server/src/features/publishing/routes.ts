import {
  labelCheckInputSchema,
  labelCheckResponseSchema,
  ownDomainInputSchema,
  portfolioIdParamsSchema,
  publishMessages,
  publishResponseSchema,
  siteStateSchema,
} from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';

/** POST /api/publish/{id} (product.md, API), the site state, address checks and own domains. */
export function publishingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/publish/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['publishing'],
      params: portfolioIdParamsSchema,
      response: { 202: publishResponseSchema },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      await app.portfolios.get(user.id, request.params.id);
      await app.portfolios.assertEditable(user, request.params.id);
      const site = await app.publishing.publish(user, request.params.id);
      return reply.status(202).send({ message: publishMessages.started, site });
    },
  });

  r.get('/api/portfolios/:id/site', {
    config: { access: 'user' },
    schema: {
      tags: ['publishing'],
      params: portfolioIdParamsSchema,
      response: { 200: siteStateSchema },
    },
    handler: (request) => app.publishing.state(currentUser(request).id, request.params.id),
  });

  r.post('/api/domains/check', {
    config: { access: 'user' },
    schema: {
      tags: ['publishing'],
      body: labelCheckInputSchema,
      response: { 200: labelCheckResponseSchema },
    },
    handler: (request) =>
      app.publishing.checkLabel(
        currentUser(request).id,
        request.body.label,
        request.body.portfolioId,
      ),
  });

  r.put('/api/portfolios/:id/own-domain', {
    config: { access: 'user' },
    schema: {
      tags: ['publishing'],
      params: portfolioIdParamsSchema,
      body: ownDomainInputSchema,
      response: { 200: siteStateSchema },
    },
    handler: (request) =>
      app.publishing.setOwnDomain(currentUser(request), request.params.id, request.body.host),
  });

  r.post('/api/portfolios/:id/own-domain/verify', {
    config: { access: 'user' },
    schema: {
      tags: ['publishing'],
      params: portfolioIdParamsSchema,
      response: { 200: siteStateSchema },
    },
    handler: (request) => app.publishing.verifyOwnDomain(currentUser(request), request.params.id),
  });

  /** Looks up every record the own domain needs and answers each one's state (verifies on TXT). */
  r.post('/api/portfolios/:id/own-domain/check', {
    config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['publishing'],
      params: portfolioIdParamsSchema,
      response: { 200: siteStateSchema },
    },
    handler: (request) =>
      app.publishing.verifyOwnDomain(currentUser(request), request.params.id, false),
  });

  r.delete('/api/portfolios/:id/own-domain', {
    config: { access: 'user' },
    schema: {
      tags: ['publishing'],
      params: portfolioIdParamsSchema,
      response: { 200: siteStateSchema },
    },
    handler: (request) => app.publishing.removeOwnDomain(currentUser(request), request.params.id),
  });
}
