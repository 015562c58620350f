import { publicConfigSchema } from '@folio/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function metaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = app;

  r.get('/healthz', {
    config: { access: 'public' },
    schema: {
      tags: ['meta'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
    },
    handler: async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.databaseKind };
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
