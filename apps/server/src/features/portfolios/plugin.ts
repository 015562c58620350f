import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { portfolioRoutes } from './routes.ts';
import { Portfolios } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    portfolios: Portfolios;
  }
}

/**
 * Portfolios: names, content, template, versions. What is published of one is the publishing
 * feature's (ADR 35), including the answers that show both.
 */
export const portfoliosFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    app.decorate('portfolios', new Portfolios(app.db));
    portfolioRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'portfolios', dependencies: ['database', 'hosting'] },
);
