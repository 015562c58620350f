import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contactRoutes } from './routes.ts';

/** The public contact form: stored, mailed, forwarded to a form service. */
export const contactFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    contactRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'contact', dependencies: ['database', 'mailer'] },
);
