/**
 * A live site whose subdomain changes (product.md, States; ADR 20): it moves at once, without a
 * republish, and its old address answers 301 to the new one, on `{label}.SITES_DOMAIN` and on
 * `/s/{label}/`, from Fastify's hook (cold cache) and from the fast path before Fastify (warm).
 * Met over raw sockets against a real server process, the way a visitor's browser asks.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCall, publishSite } from '../../../scripts/lib/api.ts';
import { httpRequest, rawRequest } from '../../../scripts/lib/raw-http.ts';
import { portOf, startServer, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { startFakePayPal, type FakePayPal } from './paypal-fake.ts';
import { embeddedDatabaseOnly } from './database-pass.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

let server: ServerProcess;
let paypal: FakePayPal;
beforeAll(async () => {
  paypal = await startFakePayPal();
  server = await startServer({
    WEB_DIST: '/nonexistent-web-dist',
    JOB_POLL_MS: '100',
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_SDK_URL: paypal.sdkUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await paypal?.close();
});

const get = (target: string, host: string) =>
  rawRequest(portOf(server), httpRequest('GET', target, host));
const siteHost = (label: string) => `${label}.folio.localhost`;
const api = (method: string, path: string, token: string, body?: unknown) =>
  apiCall(server.baseURL, method, path, body, token);

async function buyPro(token: string) {
  const order = await api('POST', '/api/paypal/create-order', token, {
    plan: 'pro',
    interval: 'month',
  });
  expect(order.status).toBe(200);
  const orderID = order.body.orderID as string;
  paypal.approve(orderID);
  expect(
    (await api('POST', '/api/paypal/complete-order', token, { orderId: orderID })).status,
  ).toBe(200);
}

it('the old address answers 301 to the new one, which answers 200, with no republish', async () => {
  const { label, id, token } = await publishSite(server.baseURL, 'Rosa Moves');
  await buyPro(token);
  expect((await get('/', siteHost(label))).status).toBe(200); // cached: the fast path answers next

  const moved = await api('PATCH', `/api/portfolios/${id}`, token, {
    customDomain: 'rosa-new-home',
    confirm: true,
  });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({ status: 'live', customDomain: 'rosa-new-home' });

  const port = portOf(server);
  for (let round = 0; round < 2; round++) {
    // Round 0 meets a cold cache (Fastify's hook), round 1 the fast path.
    const old = await get('/index.html?from=card', siteHost(label));
    expect(old.status, `round ${round}`).toBe(301);
    // Never kept by the browser: the site may move back to this address.
    expect(old.headers['cache-control']).toBe('no-store');
    expect(old.headers.location).toBe(
      `http://${siteHost('rosa-new-home')}:${port}/index.html?from=card`,
    );
    const oldPath = await get(`/s/${label}/`, 'localhost');
    expect(oldPath.status).toBe(301);
    expect(oldPath.headers.location).toBe('/s/rosa-new-home/');
  }
  const now = await get('/', siteHost('rosa-new-home'));
  expect(now.status).toBe(200);
  expect(now.text).toContain('Rosa Moves writes here.');
  const nowPath = await get('/s/rosa-new-home/', 'localhost');
  expect(nowPath.status).toBe(200);
  const versions = await api('GET', `/api/portfolios/${id}/site`, token);
  expect(versions.body).toMatchObject({
    status: 'live',
    url: `http://${siteHost('rosa-new-home')}:${port}/`,
  });
}, 120_000);
