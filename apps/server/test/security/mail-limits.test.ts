/**
 * Mail bombing through "reset my password" and "resend the verification mail": each address is
 * limited per route, but four addresses could make the server send one person 40 mails in a few
 * seconds. Account mails are limited per recipient (3 in 15 minutes, 10 a day) in the shared
 * rate-limit store, so the limit holds across server processes; the answers do not change (no
 * account enumeration). Real server processes, a capturing SMTP server, requests over HTTP with
 * X-Forwarded-For naming the client (TRUST_PROXY "loopback", the default).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../../scripts/lib/api.ts';
import { portAnswers, throwawayDatabase } from '../../../../scripts/lib/postgres.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../../scripts/lib/smtp-capture.ts';
import { RECIPIENT_MAIL_LIMITS } from '../../src/shared/rate-limit-store.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser, testDatabaseUrl } from '../helpers.ts';

embeddedDatabaseOnly(
  'its server processes run on PGlite, and it tries PostgreSQL itself in the first pass',
);

const postgresAnswers = !testDatabaseUrl && (await portAnswers(5432));
const PER_15_MINUTES = RECIPIENT_MAIL_LIMITS[0].max;
const HELD_BACK = 'account mail held back';

/** A JSON POST from `client` (as the proxy on this machine reports it): status and body. */
function post(server: ServerProcess, path: string, client: string, body: object) {
  const { port } = new URL(server.baseURL);
  const text = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          'x-forwarded-for': client,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (answer += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: answer }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const env = (smtp: SmtpCapture) => ({
  SMTP_URL: smtp.url,
  // The production default: each address may ask 10 times a minute per route.
  AUTH_RATE_LIMIT: '10',
  LOG_LEVEL: 'warn',
});

/**
 * Registers a user (one verification mail), then sends 40 requests for mail to them from four
 * addresses, half "reset my password" and half "resend the verification mail", spread over
 * `servers`. Waits until every request has either mailed or been held back; the mails they got.
 */
async function bomb(smtp: SmtpCapture, servers: ServerProcess[]) {
  const victim = newUser();
  const registered = await apiCall(servers[0]!.baseURL, 'POST', '/api/register', victim);
  expect(registered.status).toBe(201);
  await smtp.waitFor(victim.email);

  const heldBefore = servers.map((s) => s.output().split(HELD_BACK).length - 1);
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => {
      const server = servers[i % servers.length]!;
      const client = `198.51.100.${10 + (i % 4)}`;
      return i % 2 === 0
        ? post(server, '/api/password-reset/request', client, { email: victim.email })
        : post(server, '/api/resend-verification', client, { usernameOrEmail: victim.username });
    }),
  );
  // Every answer is the ordinary one: nothing tells the limit apart from a sent mail.
  expect(answers.map((a) => a.status)).toEqual(Array<number>(40).fill(200));
  expect(new Set(answers.filter((_, i) => i % 2 === 0).map((a) => a.body)).size).toBe(1);
  expect(new Set(answers.filter((_, i) => i % 2 === 1).map((a) => a.body)).size).toBe(1);

  const mailed = () => smtp.messages.filter((m) => m.to.includes(victim.email)).length;
  const held = () =>
    servers.reduce((n, s, i) => n + s.output().split(HELD_BACK).length - 1 - heldBefore[i]!, 0);
  // The mails go out after the answers: wait until all 40 are settled one way or the other.
  await expect.poll(() => mailed() - 1 + held(), { timeout: 30_000, interval: 100 }).toBe(40);
  return { mailed: mailed(), held: held() };
}

describe('account mails per recipient, one process', () => {
  let smtp: SmtpCapture;
  let server: ServerProcess;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startServer(env(smtp));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('40 requests from 4 addresses mail one person no more than the limit', async () => {
    const { mailed, held } = await bomb(smtp, [server]);
    expect(mailed).toBe(PER_15_MINUTES); // the registration mail and two more
    expect(held).toBe(40 - (PER_15_MINUTES - 1));
    // Someone else is not affected.
    const other = newUser();
    expect((await apiCall(server.baseURL, 'POST', '/api/register', other)).status).toBe(201);
    await smtp.waitFor(other.email);
  }, 60_000);
});

/** Where the processes count: the database, or Redis when REDIS_URL is set (ADR 0008). */
const stores = [
  ['PostgreSQL', postgresAnswers, {}],
  ['Redis', postgresAnswers && (await portAnswers(6379)), { REDIS_URL: 'redis://127.0.0.1:6379' }],
] as const;

describe.each(stores)(
  'account mails per recipient, two processes counting in %s',
  (_, runs, store) => {
    let smtp: SmtpCapture;
    let servers: ServerProcess[] = [];
    let db: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
    beforeAll(async () => {
      if (!runs) return;
      smtp = await startSmtpCapture();
      db = await throwawayDatabase();
      const shared = { ...env(smtp), ...store, DATABASE_URL: db.url };
      servers = await Promise.all([startServer(shared), startServer(shared)]);
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db?.drop();
      await smtp?.close();
    });

    it.skipIf(!runs)(
      'the limit is counted once for both processes',
      async () => {
        const { mailed } = await bomb(smtp, servers);
        expect(mailed).toBe(PER_15_MINUTES);
      },
      60_000,
    );
  },
);
