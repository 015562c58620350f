import {
  checkNameInputSchema,
  checkNameResponseSchema,
  createPortfolioInputSchema,
  createPortfolioResponseSchema,
  portfolioIdParamsSchema,
  messageResponseSchema,
} from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';

/**
 * Naming, creating and deleting portfolios. The list, one portfolio and its PATCH answer with
 * the site's state too: those are the publishing feature's (`publishing/portfolio-routes.ts`).
 */
export function portfolioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/portfolios/check-name', {
    config: { access: 'user' },
    schema: {
      tags: ['portfolios'],
      body: checkNameInputSchema,
      response: { 200: checkNameResponseSchema },
    },
    handler: async (request) => ({
      exists: await app.portfolios.nameExists(currentUser(request).id, request.body.name),
    }),
  });

  r.post('/api/portfolios', {
    config: { access: 'user' },
    schema: {
      tags: ['portfolios'],
      body: createPortfolioInputSchema,
      response: { 201: createPortfolioResponseSchema },
    },
    handler: async (request, reply) => {
      const id = await app.portfolios.create(currentUser(request), request.body);
      return reply.status(201).send({ id });
    },
  });

  r.delete('/api/portfolios/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['portfolios'],
      params: portfolioIdParamsSchema,
      response: { 200: messageResponseSchema },
    },
    handler: async (request) => {
      await app.portfolios.delete(currentUser(request).id, request.params.id);
      // Its published site went with it (cascade): stop serving the cached copy everywhere.
      app.sites.invalidate({ portfolioId: request.params.id });
      return { message: 'Portfolio deleted' };
    },
  });
}
