/*
 * A local stand-in for PayPal's REST API (OAuth + Orders v2), for demos without a sandbox account:
 *
 *   npx tsx apps/server/scripts/fake-paypal.ts [--port 8790] [--auto-approve]
 *
 * then start Folio against it (the script prints the exact line). It also serves a stand-in of
 * PayPal's JS SDK at /sdk/js (PAYPAL_SDK_URL), so the pricing page's PayPal button works locally:
 * its "Pay Now" approves the order. Orders can also be approved by opening their approve link
 * (GET /checkoutnow?token=ORDER_ID) or, with --auto-approve, at creation.
 */
import { parseArgs } from 'node:util';
import { startFakePayPal } from '../test/paypal-fake.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.FAKE_PAYPAL_PORT ?? '8790' },
    host: { type: 'string', default: '127.0.0.1' },
    'client-id': { type: 'string', default: 'demo-client-id' },
    'client-secret': { type: 'string', default: 'demo-client-secret' },
    'auto-approve': { type: 'boolean', default: false },
    /** The webhook id its notifications are signed for (the app's PAYPAL_WEBHOOK_ID). */
    'webhook-id': { type: 'string', default: 'WHDEMOLOCAL' },
  },
});

const fake = await startFakePayPal({
  port: Number(values.port),
  host: values.host,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  autoApprove: values['auto-approve'],
  webhookId: values['webhook-id'],
});

console.log(`Fake PayPal (Orders v2) listening at ${fake.baseUrl}`);
console.log('Start Folio against it with:');
console.log(
  `  PAYPAL_API_BASE=${fake.baseUrl} PAYPAL_SDK_URL=${fake.sdkUrl} PAYPAL_CLIENT_ID=${fake.clientId} PAYPAL_CLIENT_SECRET=${fake.clientSecret} PAYPAL_WEBHOOK_ID=${fake.webhookId} npm start`,
);
console.log(
  values['auto-approve']
    ? 'Orders are approved as soon as they are created.'
    : `Pay on /pricing with the PayPal button (its Pay Now approves), or approve an order by opening ${fake.baseUrl}/checkoutnow?token=ORDER_ID`,
);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
