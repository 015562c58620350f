import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  databaseCounter,
  databaseRateLimitStore,
  memoryCounter,
  RATE_LIMIT_IPV6_PREFIX,
  redisCounter,
  sweepRateLimits,
  type WindowCounter,
} from '../shared/rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts in the rate limits' store, for limits that are not per request. */
    rateLimitCounter: WindowCounter;
  }
}

/**
 * Where rate-limit counters live: Redis when REDIS_URL is set, else the database when it is
 * PostgreSQL (several processes may share it), else this process's memory (PGlite: one process).
 * The plugin's options, and a counter in the same place for limits that are not per request.
 */
function rateLimitStore(app: FastifyInstance) {
  const { settings, db } = app;
  if (settings.REDIS_URL) {
    const redis = new Redis(settings.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error (rate limits)'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const nameSpace = 'folio-rate-limit:';
    return { plugin: { redis, nameSpace }, counter: redisCounter(redis, nameSpace) };
  }
  if (app.databaseKind === 'postgres') {
    app.scheduleJob({
      name: 'rate-limit-sweep',
      everyMs: 15 * 60_000,
      run: () => sweepRateLimits(db),
    });
    return { plugin: { store: databaseRateLimitStore(db) }, counter: databaseCounter(db) };
  }
  return { plugin: {}, counter: memoryCounter() };
}

/** Per-route limits (`config.rateLimit`, none unless a route asks) and `createRateLimit`. */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const store = rateLimitStore(app);
    app.decorate('rateLimitCounter', store.counter);
    await app.register(fastifyRateLimit, {
      global: false,
      ipv6Subnet: RATE_LIMIT_IPV6_PREFIX,
      ...store.plugin,
    });
  },
  { fastify: '5.x', name: 'rate-limits', dependencies: ['database', 'scheduler'] },
);
