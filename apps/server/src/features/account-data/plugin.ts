import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountDataRoutes } from './routes.ts';

/** Users' own data: export, deletion, refusal of an unconfirmed account. */
export const accountDataFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    accountDataRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'account-data', dependencies: ['database', 'auth', 'hosting'] },
);
