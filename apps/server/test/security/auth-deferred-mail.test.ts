import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { loadSettings } from '../../src/settings.ts';
import { freshDatabase, register } from '../helpers.ts';

/**
 * Account enumeration by timing on "reset my password" and "resend the verification mail": the
 * answer must not depend on whether the account exists. Rather than measuring (flaky), this checks
 * the order of events: the account lookup and the mail start only after the answer has gone out,
 * and a mail that never completes does not hold the answer back.
 */

let app: FastifyInstance;
let database: Database;
let dataDir: string;
/** What happened, in order: "answered <url>", "lookup <who>", "mail <to>". */
const events: string[] = [];
/** Accounts whose lookup (and mail, if any) has finished. */
const settled: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    APP_URL: 'http://folio.test',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
  });
  database = await freshDatabase();
  app = await buildApp(settings, database, { logger: false });
  // The first listener on the response's 'finish': the moment the answer has been handed over.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('finish', () => events.push(`answered ${request.url}`));
  });
  await app.ready();
  for (const name of ['requestPasswordReset', 'resendVerification'] as const) {
    const original = app.accounts[name].bind(app.accounts);
    vi.spyOn(app.accounts, name).mockImplementation((who: string) => {
      events.push(`lookup ${who}`);
      return original(who).finally(() => settled.push(who));
    });
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(done: () => boolean) {
  while (!done()) await new Promise((r) => setImmediate(r));
}

const cases = [
  ['/api/password-reset/request', 'email', (u: { email: string }) => u.email],
  ['/api/resend-verification', 'usernameOrEmail', (u: { username: string }) => u.username],
] as const;

describe('reset and resend-verification answer before looking the account up', () => {
  it.each(cases)(
    '%s: answer first, then the lookup and the mail; a hanging mail server does not delay the answer',
    async (url, field, who) => {
      const user = await register(app);
      const mailed: string[] = [];
      // The mail transport never completes: the answer must not wait for it.
      const send = vi.spyOn(app.mailer, 'send').mockImplementation((message) => {
        events.push(`mail ${message.to}`);
        mailed.push(message.to);
        return new Promise<void>(() => {});
      });
      try {
        events.length = 0;
        const known = await app.inject({ method: 'POST', url, payload: { [field]: who(user) } });
        await until(() => mailed.length === 1);
        expect(events).toEqual([`answered ${url}`, `lookup ${who(user)}`, `mail ${user.email}`]);
        expect(settled).not.toContain(who(user)); // still sending: the answer did not wait

        events.length = 0;
        const ghost = 'nobody-at-all@example.com';
        const unknown = await app.inject({ method: 'POST', url, payload: { [field]: ghost } });
        await until(() => settled.includes(ghost));
        expect(events).toEqual([`answered ${url}`, `lookup ${ghost}`]);
        expect(mailed).toEqual([user.email]);

        expect(unknown.statusCode).toBe(200);
        expect(unknown.body).toBe(known.body);
      } finally {
        send.mockRestore();
      }
    },
  );
});
