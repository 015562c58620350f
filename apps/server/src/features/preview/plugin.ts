import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PreviewTokens } from './preview-tokens.ts';
import { previewRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    previewTokens: PreviewTokens;
  }
}

/** The saved version of a portfolio as a page, behind a short-lived signed token. */
export const previewFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    app.decorate('previewTokens', new PreviewTokens(app.sessionSecret, app.settings.APP_URL));
    previewRoutes(app);
    done();
  },
  {
    fastify: '5.x',
    name: 'preview',
    dependencies: ['database', 'portfolios', 'render-pool'],
  },
);
