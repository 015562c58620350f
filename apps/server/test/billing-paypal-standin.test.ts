import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../src/features/billing/paypal-client.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';

embeddedDatabaseOnly('it uses no database');

/*
 * The local PayPal stand-in answers as PayPal's Orders v2 definition says, so it cannot hide a
 * client bug that real PayPal would expose.
 */
describe('PayPal stand-in follows Orders v2', () => {
  let fake: FakePayPal;
  let token: string;

  beforeAll(async () => {
    fake = await startFakePayPal();
    const res = await fetch(`${fake.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(() => fake?.close());

  const create = (unit: object, headers: Record<string, string> = {}) =>
    fetch(`${fake.baseUrl}/v2/checkout/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ intent: 'CAPTURE', purchase_units: [unit] }),
    });
  const usd = { amount: { currency_code: 'USD', value: '5.98' } };

  it('answers a minimal body by default and the whole order with Prefer: return=representation', async () => {
    const minimal = await create(usd);
    expect(minimal.status).toBe(201);
    const body = (await minimal.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['id', 'links', 'status']);

    const full = await create(usd, { prefer: 'return=representation' });
    expect(full.status).toBe(201);
    expect(await full.json()).toMatchObject({ intent: 'CAPTURE', purchase_units: [usd] });
  });

  it('answers a replayed PayPal-Request-Id with 200 and the same order', async () => {
    const first = await create(usd, { 'paypal-request-id': 'replay-1' });
    const again = await create(usd, { 'paypal-request-id': 'replay-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
  });

  it('refuses decimals JPY does not take, and a custom_id over 127 characters', async () => {
    const yen = await create({ amount: { currency_code: 'JPY', value: '100.00' } });
    expect(yen.status).toBe(422);
    expect(await yen.json()).toMatchObject({ details: [{ issue: 'DECIMAL_PRECISION' }] });
    expect((await create({ amount: { currency_code: 'JPY', value: '100' } })).status).toBe(201);
    expect((await create({ amount: { currency_code: 'USD', value: '1.999' } })).status).toBe(422);

    const long = await create({ ...usd, custom_id: 'x'.repeat(128) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ details: [{ issue: 'INVALID_STRING_LENGTH' }] });
    expect((await create({ ...usd, custom_id: 'x'.repeat(127) })).status).toBe(201);
  });

  it('the client sends the buyer experience as payment_source.paypal.experience_context', async () => {
    const client = new PayPalClient({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    await client.createOrder({
      reference: 'ref-experience',
      value: '5.98',
      currency: 'USD',
      description: 'Folio Pro',
      brandName: 'Folio',
    });
    const request = fake.lastOrder()?.request as Record<string, unknown>;
    expect(request).not.toHaveProperty('application_context');
    expect(request).toMatchObject({
      payment_source: {
        paypal: { experience_context: { brand_name: 'Folio', shipping_preference: 'NO_SHIPPING' } },
      },
    });
  });

  it('signs webhook notifications and verifies them as PayPal does: SUCCESS only when unchanged and for its webhook', async () => {
    // A listener standing in for the app: keeps what arrives.
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const listener = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
      const client = new PayPalClient({
        baseUrl: fake.baseUrl,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
      });
      const order = ((await (await create(usd)).json()) as { id: string }).id;
      fake.approve(order);
      await fetch(`${fake.baseUrl}/v2/checkout/orders/${order}/capture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const sent = await fake.sendWebhook(url, 'PAYMENT.CAPTURE.COMPLETED', order);
      expect(sent.status).toBe(200);
      const { headers, body } = received[0]!;
      expect(headers).toMatchObject({
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': expect.stringContaining('/v1/notifications/certs/'),
      });
      expect(JSON.parse(body)).toMatchObject({
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: {
          status: 'COMPLETED',
          supplementary_data: { related_ids: { order_id: order } },
        },
      });
      const check = (changes: { webhookId?: string; rawEvent?: string } = {}) =>
        client.verifyWebhookSignature({
          authAlgo: String(headers['paypal-auth-algo']),
          certUrl: String(headers['paypal-cert-url']),
          transmissionId: String(headers['paypal-transmission-id']),
          transmissionSig: String(headers['paypal-transmission-sig']),
          transmissionTime: String(headers['paypal-transmission-time']),
          webhookId: changes.webhookId ?? fake.webhookId,
          rawEvent: changes.rawEvent ?? body,
        });
      expect(await check()).toBe(true);
      expect(await check({ webhookId: 'WHSOMEONEELSE' })).toBe(false);
      expect(await check({ rawEvent: body.replace('"COMPLETED"', '"DECLINED"') })).toBe(false);
      // The same event with its keys in another order is other bytes: not what was signed.
      const { id, ...rest } = JSON.parse(body) as Record<string, unknown>;
      expect(await check({ rawEvent: JSON.stringify({ ...rest, id }) })).toBe(false);

      const incomplete = await fetch(`${fake.baseUrl}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ webhook_id: fake.webhookId, webhook_event: {} }),
      });
      expect(incomplete.status).toBe(400);
      expect(await incomplete.json()).toMatchObject({ name: 'VALIDATION_ERROR' });
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });

  it('a refund or a reversal made at PayPal shows on the capture', async () => {
    const order = ((await (await create(usd)).json()) as { id: string }).id;
    fake.approve(order);
    await fetch(`${fake.baseUrl}/v2/checkout/orders/${order}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    fake.refundCapture(order, '1.00');
    expect(fake.orders.get(order)?.capture?.status).toBe('PARTIALLY_REFUNDED');
    fake.reverseCapture(order);
    expect(fake.orders.get(order)?.capture).toMatchObject({
      status: 'REFUNDED',
      reason: 'CHARGEBACK',
    });
  });
});
