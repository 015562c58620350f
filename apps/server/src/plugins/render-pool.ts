import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RenderPool } from '../shared/render-pool.node.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds pages (previews, publishes) in worker threads. */
    renderPool: RenderPool;
  }
}

export const renderPoolPlugin = fp(
  (app: FastifyInstance, _opts, done) => {
    const renderPool = new RenderPool();
    app.decorate('renderPool', renderPool);
    app.addHook('onClose', () => renderPool.close());
    done();
  },
  { fastify: '5.x', name: 'render-pool' },
);
