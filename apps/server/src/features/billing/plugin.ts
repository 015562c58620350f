import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PayPalClient } from './paypal-client.ts';
import { billingRoutes } from './routes.ts';
import { Billing } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

/** Plans and payments: PayPal orders, webhooks, reconciliation. */
export const billingFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    const { settings } = app;
    const billing = new Billing({
      db: app.db,
      paypal:
        settings.PAYPAL_CLIENT_ID && settings.PAYPAL_CLIENT_SECRET
          ? new PayPalClient({
              baseUrl: settings.PAYPAL_API_BASE,
              clientId: settings.PAYPAL_CLIENT_ID,
              clientSecret: settings.PAYPAL_CLIENT_SECRET,
              timeoutMs: settings.PAYPAL_TIMEOUT_MS,
            })
          : null,
      webhookId: settings.PAYPAL_WEBHOOK_ID ?? null,
      salePercent: settings.SALE_PERCENT,
      saleEndsAt: settings.SALE_ENDS_AT,
      appName: settings.APP_NAME,
      log: app.log,
      onSitesChanged: (ids) => {
        for (const portfolioId of ids) app.sites.invalidate({ portfolioId });
      },
    });
    app.decorate('billing', billing);
    // PayPal captures left pending (eCheck) or unanswered (timeout, 5xx): re-read until settled;
    // recent completed payments re-read once a day for refunds and reversals missed by webhooks.
    app.scheduleJob({
      name: 'paypal-reconcile',
      everyMs: 5 * 60_000,
      run: () => billing.reconcile(),
    });
    billingRoutes(app);
    done();
  },
  { fastify: '5.x', name: 'billing', dependencies: ['database', 'scheduler', 'hosting'] },
);
