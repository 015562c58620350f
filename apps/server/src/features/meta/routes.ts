import { publicConfigSchema } from '@folio/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A probe still running after this long is answered from the last one's result. */
const PROBE_GRACE_MS = 100;
/** How long a database that answered counts as alive while a newer probe waits its turn. */
const ALIVE_FOR_MS = 30_000;

/**
 * Whether the database answers, for /healthz. On the embedded database every query waits in one
 * queue, so a probe asked during a burst of sign-ins would wait behind all of them: each health
 * check starts a probe (one at a time) and waits for it only briefly. A probe that fails answers
 * "down" at once; one still waiting is no news: the database counts as alive while its last
 * answer is under ALIVE_FOR_MS old, and as down once a probe has waited longer than that.
 */
export function databaseProbe(ask: () => Promise<unknown>, now: () => number = Date.now) {
  let running: Promise<boolean> | null = null;
  let lastAnswerAt: number | null = null;
  let lastFailed = false;
  const probe = () =>
    (running ??= ask()
      .then(
        () => {
          lastAnswerAt = now();
          lastFailed = false;
          return true;
        },
        () => {
          lastFailed = true;
          return false;
        },
      )
      .finally(() => {
        running = null;
      }));
  return async function alive(): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PROBE_GRACE_MS);
    });
    const answered = await Promise.race([probe(), grace]).finally(() => clearTimeout(timer));
    if (answered !== null) return answered;
    return !lastFailed && lastAnswerAt !== null && now() - lastAnswerAt < ALIVE_FOR_MS;
  };
}

export function metaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = app;
  const databaseAlive = databaseProbe(() => app.db.execute(sql`select 1`));

  r.get('/healthz', {
    config: { access: 'public' },
    schema: {
      tags: ['meta'],
      response: {
        200: z.object({ status: z.literal('ok'), database: z.string() }),
        503: z.object({ status: z.literal('unavailable'), database: z.string() }),
      },
    },
    handler: async (_request, reply) => {
      const database = app.databaseKind;
      if (await databaseAlive()) return { status: 'ok' as const, database };
      return reply.status(503).send({ status: 'unavailable' as const, database });
    },
  });

  r.get('/api/config', {
    config: { access: 'public' },
    schema: { tags: ['meta'], response: { 200: publicConfigSchema } },
    handler: () => {
      const saleRuns = Date.parse(settings.SALE_ENDS_AT) > Date.now() && settings.SALE_PERCENT > 0;
      return {
        appName: settings.APP_NAME,
        sitesDomain: settings.SITES_DOMAIN,
        googleClientId: settings.GOOGLE_CLIENT_ID ?? null,
        // Only a fully configured PayPal counts: without the secret no order can be created.
        paypalClientId:
          settings.PAYPAL_CLIENT_ID && settings.PAYPAL_CLIENT_SECRET
            ? settings.PAYPAL_CLIENT_ID
            : null,
        paypalSdkUrl: settings.PAYPAL_SDK_URL ?? null,
        emailVerificationRequired: settings.REQUIRE_EMAIL_VERIFICATION,
        sale: saleRuns ? { percent: settings.SALE_PERCENT, endsAt: settings.SALE_ENDS_AT } : null,
      };
    },
  });
}
