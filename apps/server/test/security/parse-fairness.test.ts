/**
 * Parse starvation (docs/security.md, review of 2026-11-28): four free accounts from one address sending slow PDFs held both
 * parser workers in turn, and another user's 634-byte PDF waited behind them in one FIFO queue
 * (50 s seen). The parser's queue now shares its workers by account and by address: one address
 * never holds them all, and its queued parses never stand ahead of another address's first one.
 * A real server process; the addresses are told by X-Forwarded-For (the proxy is on loopback).
 */
import { slowPdf, textPdf } from '../../../../packages/parser/src/testing.node.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser } from '../helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT: '1000', PARSE_RATE_LIMIT: '1000' });
}, 180_000);
afterAll(() => server?.stop());

async function call(
  method: string,
  url: string,
  { token, address, body }: { token?: string; address?: string; body?: unknown } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(server.baseURL + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function signUp(): Promise<string> {
  const res = await call('POST', '/api/register', { body: newUser() });
  expect(res.status).toBe(201);
  return res.json.token as string;
}

const upload = (token: string, address: string, bytes: Uint8Array) =>
  call('POST', '/api/parse-resume', {
    token,
    address,
    body: { filename: 'cv.pdf', fileContent: Buffer.from(bytes).toString('base64') },
  });

const credits = async (token: string) =>
  (await call('GET', '/api/user', { token })).json.credits as number;

const small = textPdf(['Ada Lovelace', 'ada@example.com', 'Skills', 'Python']);

describe('a sender of slow files does not hold up other users', () => {
  it("four accounts from one address sending slow PDFs do not delay another user's parse past 2 s", async () => {
    expect(small.length).toBeLessThan(700);
    // Every parser worker started and warm (parses from many addresses at once take them all).
    const warm = await Promise.all(Array.from({ length: 6 }, () => signUp()));
    const warmed = await Promise.all(warm.map((t, i) => upload(t, `192.0.2.${i + 1}`, small)));
    expect(warmed.map((r) => r.status)).toEqual(warm.map(() => 200));

    const attackers = await Promise.all(Array.from({ length: 4 }, () => signUp()));
    const victim = await signUp();
    const slow = slowPdf(4); // seconds of work for any reader: each runs to the time limit
    const attacks = attackers.map((t) => upload(t, '203.0.113.66', slow));
    // all four taken in (their credits spent): queued or running
    await expect
      .poll(async () => (await Promise.all(attackers.map(credits))).every((c) => c === 9), {
        timeout: 30_000,
      })
      .toBe(true);

    const started = performance.now();
    const res = await upload(victim, '198.51.100.7', small);
    const ms = performance.now() - started;
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((res.json.parsedData as { contact?: { email?: string } }).contact?.email).toBe(
      'ada@example.com',
    );
    expect(ms).toBeLessThan(2_000);

    // the slow files end as they should: cut off by the time limit (or the heap's, whichever
    // a loaded machine reaches first), and refunded
    const answers = await Promise.all(attacks);
    for (const a of answers) expect(['PARSE_TIMEOUT', 'FILE_CORRUPT']).toContain(a.json.error);
    expect(await Promise.all(attackers.map(credits))).toEqual([10, 10, 10, 10]);
  }, 180_000);
});
