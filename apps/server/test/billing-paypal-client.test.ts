import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient, PayPalError } from '../src/features/billing/paypal-client.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';

embeddedDatabaseOnly('it uses no database');

describe('PayPalClient', () => {
  let fake: FakePayPal;
  beforeAll(async () => {
    fake = await startFakePayPal({ tokenLifetime: 1 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const client = (overrides: Partial<ConstructorParameters<typeof PayPalClient>[0]> = {}) =>
    new PayPalClient({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      ...overrides,
    });
  const order = {
    reference: 'ref-1',
    value: '5.98',
    currency: 'USD',
    description: 'Folio Pro (monthly)',
    brandName: 'Folio',
  };
  const tokenCalls = () => fake.requests.filter((r) => r.path === '/v1/oauth2/token').length;

  it('creates, reads and captures an order', async () => {
    const paypal = client();
    const created = await paypal.createOrder({ ...order, reference: 'ref-flow' });
    expect(created.status).toBe('CREATED');
    expect(created.links?.some((l) => l.rel === 'approve')).toBe(true);
    expect(fake.requests.at(-1)?.requestId).toBe('create-ref-flow');

    await expect(paypal.captureOrder(created.id, 'c1')).rejects.toMatchObject({
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
    });
    fake.approve(created.id);
    const captured = await paypal.captureOrder(created.id, 'c2');
    expect(captured.status).toBe('COMPLETED');
    const capture = captured.purchase_units?.[0]?.payments?.captures?.[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '5.98' },
      custom_id: 'ref-flow',
    });
    // The same request id gets the same answer; a new one is told the order is captured.
    expect((await paypal.captureOrder(created.id, 'c2')).id).toBe(created.id);
    await expect(paypal.captureOrder(created.id, 'c3')).rejects.toMatchObject({
      issue: 'ORDER_ALREADY_CAPTURED',
    });
    expect((await paypal.getOrder(created.id)).status).toBe('COMPLETED');
  });

  it('caches the access token until shortly before it expires', async () => {
    const paypal = client();
    const before = tokenCalls();
    await paypal.createOrder({ ...order, reference: 'ref-t1' });
    await paypal.createOrder({ ...order, reference: 'ref-t2' });
    expect(tokenCalls()).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 1100)); // the fake's tokens live 1 s
    await paypal.createOrder({ ...order, reference: 'ref-t3' });
    expect(tokenCalls()).toBe(before + 2);
  });

  it('reports refused credentials as a PayPalError', async () => {
    const err = await client({ clientSecret: 'nope' })
      .createOrder(order)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayPalError);
    expect(err).toMatchObject({ status: 401, errorName: 'invalid_client' });
  });

  it('gives up on a PayPal that does not answer in time', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
      });
    const err = await client({ fetch: hanging, timeoutMs: 50 })
      .getOrder('X')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayPalError);
    expect(err).toMatchObject({ status: 0, message: 'PayPal did not answer within 50 ms' });
  });
});
