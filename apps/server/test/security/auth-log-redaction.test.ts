import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../../scripts/lib/smtp-capture.ts';
import { tokenLinkIn } from '../../../../scripts/lib/mail.ts';
import { redactUrl } from '../../src/features/auth/log-redaction.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser } from '../helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

/**
 * Credentials in the request log: the real server process with its production logger (JSON lines,
 * LOG_LEVEL=info, every request logged) is sent every kind of token where clients send them (mailed
 * links' `?token=` on pages and on the API, preview `?token=`, the reset token in a body, session
 * tokens in Authorization headers, good and bad); none of them may appear in what it prints.
 */

let server: ServerProcess;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({
    LOG_LEVEL: 'info',
    SMTP_URL: smtp.url,
    REQUIRE_EMAIL_VERIFICATION: 'false',
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

interface Answer {
  status: number;
  body: string;
}

function request(method: string, url: string, body?: unknown, token?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, server.baseURL),
      {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function mailedToken(to: string, subject: RegExp): Promise<string> {
  const mail = await smtp.waitFor(to, (m) => subject.test(m.raw));
  const link = tokenLinkIn(mail.raw);
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}

describe('tokens never reach the log', () => {
  it('redactUrl keeps the path and other parameters, and hides every token value', () => {
    expect(redactUrl('/api/preview/7?token=abc.def&theme=dark')).toBe(
      '/api/preview/7?token=[redacted]&theme=dark',
    );
    expect(redactUrl('/reset-password?x=1&Token=a&preview_token=b&code=c&t%6Fken=d')).toBe(
      '/reset-password?x=1&Token=[redacted]&preview_token=[redacted]&code=[redacted]&t%6Fken=[redacted]',
    );
    expect(redactUrl('/api/user')).toBe('/api/user');
  });

  it('mailed-link, preview and session tokens in URLs, bodies and headers are not printed', async () => {
    const user = newUser();
    const registered = await request('POST', '/api/register', user);
    expect(registered.status).toBe(201);
    const session = (JSON.parse(registered.body) as { token: string }).token;
    const verify = await mailedToken(user.email, /Verify your email/);

    await request('POST', '/api/password-reset/request', { email: user.email });
    const reset = await mailedToken(user.email, /Reset your/);

    // The pages the mailed links open, and the API calls they make.
    await request('GET', `/verify-email?token=${verify}`);
    expect((await request('GET', `/api/verify-email?token=${verify}`)).status).toBe(200);
    await request('GET', `/reset-password?token=${reset}`);
    const confirmed = await request('POST', '/api/password-reset/confirm', {
      token: reset,
      new_password: 'a new password',
    });
    expect(confirmed.status).toBe(200);

    // A session token in the header: accepted, then a revoked one refused (reset signed it out).
    const login = await request('POST', '/api/login', {
      username: user.username,
      password: 'a new password',
    });
    const fresh = (JSON.parse(login.body) as { token: string }).token;
    expect((await request('GET', '/api/user', undefined, fresh)).status).toBe(200);
    expect((await request('GET', '/api/user', undefined, session)).status).toBe(401);

    // A preview token in the query string.
    const created = await request('POST', '/api/portfolios', { name: 'Log test' }, fresh);
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body) as { id: number };
    const issued = await request('POST', '/api/preview/token', { portfolio_id: id }, fresh);
    expect(issued.status).toBe(200);
    const preview = (JSON.parse(issued.body) as { preview_token: string }).preview_token;
    expect((await request('GET', `/api/preview/${id}?token=${preview}`)).status).toBe(200);

    // Lines arrive in order: once the last request's line is there, every earlier one is too.
    await request('GET', '/api/user?probe=last-request', undefined, fresh);
    while (!server.output().includes('/api/user?probe=last-request')) {
      await new Promise((r) => setTimeout(r, 20));
    }

    const log = server.output();
    // The requests were logged (the test is not vacuous), with their tokens redacted.
    expect(log).toContain('"url":"/api/verify-email?token=[redacted]"');
    expect(log).toContain(`"url":"/api/preview/${id}?token=[redacted]"`);
    expect(log).toContain('"url":"/reset-password?token=[redacted]"');
    expect(log).toContain('"url":"/api/user"');
    for (const [name, secret] of Object.entries({ verify, reset, session, fresh, preview })) {
      expect(secret.length, name).toBeGreaterThan(20);
      expect(log.includes(secret), `${name} token in the log`).toBe(false);
    }
  }, 120_000);
});
