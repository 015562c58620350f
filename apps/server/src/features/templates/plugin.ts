import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { templateRoutes } from './routes.ts';

/** The template catalogue and its live sample pages. */
export const templatesFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    templateRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'templates', dependencies: [] },
);
