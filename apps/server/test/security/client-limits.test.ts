/**
 * Rate limits as a client behind the proxy sees them, on a real server process over HTTP
 * (TRUST_PROXY is "loopback" by default, so X-Forwarded-For from this machine names the client):
 * IPv6 clients are counted by /48, not by /64 (a /48 holder would otherwise have 65,536
 * budgets), and image uploads are counted per account as well as per address.
 */
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser } from '../helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

const AUTH_LIMIT = 4;
const UPLOAD_LIMIT = 30;
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT: String(AUTH_LIMIT) });
}, 180_000);
afterAll(() => server?.stop());

/** One request from `client` (as the proxy on this machine reports it): its status. */
function send(
  method: string,
  path: string,
  client: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Promise<number> {
  const { port } = new URL(server.baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          'x-forwarded-for': client,
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const login = (client: string) =>
  send('POST', '/api/login', client, JSON.stringify({ username: 'nobody', password: 'guess' }), {
    'content-type': 'application/json',
  });

describe('login limit by client address', () => {
  it('addresses in one IPv6 /48 share one budget, whichever /64 they come from', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) statuses.push(await login(`2001:db8:48:${i}::1`));
    expect(statuses, statuses.join()).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429]);
    // Another /48 has its own budget.
    expect(await login('2001:db8:49::1')).toBe(401);
  });

  it('IPv4 counts per address; an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT; i++) statuses.push(await login('198.51.100.7'));
    statuses.push(await login('::ffff:198.51.100.7'));
    expect(statuses, statuses.join()).toEqual([...Array<number>(AUTH_LIMIT).fill(401), 429]);
    expect(await login('198.51.100.8')).toBe(401);
  });
});

describe('image uploads', () => {
  it('an account moving from address to address is still limited', async () => {
    const registered = await apiCall(server.baseURL, 'POST', '/api/register', newUser());
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    const png = await sharp({
      create: { width: 2, height: 2, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    const boundary = 'folio-limits-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const statuses: number[] = [];
    // Each upload from a new address: no address comes near its own limit.
    for (let i = 0; i <= UPLOAD_LIMIT; i++) {
      statuses.push(
        await send('POST', '/api/upload', `203.0.113.${i + 1}`, body, {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token}`,
        }),
      );
    }
    expect(statuses.slice(0, UPLOAD_LIMIT), statuses.join()).toEqual(
      Array<number>(UPLOAD_LIMIT).fill(200),
    );
    expect(statuses.at(-1)).toBe(429);
  });
});
