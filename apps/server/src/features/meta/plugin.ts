import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { metaRoutes } from './routes.ts';

/** The health probe and the public configuration. */
export const metaFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    metaRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'meta', dependencies: ['database'] },
);
