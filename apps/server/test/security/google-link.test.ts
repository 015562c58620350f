import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REFUSED_MESSAGE } from '@folio/core';
import { rawHttp, rawRequest } from '../../../../scripts/lib/raw-http.ts';
import { startServer, type ServerProcess } from '../../../../scripts/lib/server-process.ts';
import {
  decodeMail,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../../scripts/lib/smtp-capture.ts';
import { embeddedDatabaseOnly } from '../database-pass.ts';
import { newUser } from '../helpers.ts';

embeddedDatabaseOnly('its server processes run on PGlite whatever TEST_DATABASE_URL says');

/**
 * Hole 8 of docs/security.md (review of 2026-11-28): someone registers with a victim's address and a password of
 * their own; the victim confirms the mailed link; later the victim signs in with Google and lands
 * in that account while the first registrant's password and sessions still work. Attacked here on
 * a real server process over raw sockets, with Google's key set served locally and a real SMTP
 * server catching the mail.
 */

const CLIENT_ID = 'folio-test.apps.googleusercontent.com';
let server: ServerProcess;
let smtp: SmtpCapture;
let keyServer: http.Server;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  keyServer = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => keyServer.listen(0, '127.0.0.1', r));
  const { port } = keyServer.address() as AddressInfo;
  smtp = await startSmtpCapture();
  server = await startServer({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    SMTP_URL: smtp.url,
    REQUIRE_EMAIL_VERIFICATION: 'false',
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  keyServer?.close();
});

/** One JSON request on a raw socket: status and parsed body. */
async function call(method: string, path: string, body?: unknown, token?: string) {
  const port = Number(new URL(server.baseURL).port);
  const payload = body === undefined ? '' : JSON.stringify(body);
  const head = [`Host: 127.0.0.1:${port}`, 'Connection: close'];
  if (token) head.push(`Authorization: Bearer ${token}`);
  if (payload) head.push('Content-Type: application/json', `Content-Length: ${payload.length}`);
  const answer = await rawRequest(port, rawHttp(`${method} ${path} HTTP/1.1`, head, payload), {
    idleMs: 15_000,
  });
  const text = answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4);
  return {
    status: answer.status,
    body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const googleToken = (sub: string, email: string) =>
  new SignJWT({ email, email_verified: true, name: 'The Victim' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);

/** The text of the newest mail to `to` whose text matches `match`. */
async function mailTo(to: string, match: RegExp): Promise<string> {
  const mail = await smtp.waitFor(to, (m) => match.test(decodeMail(m.raw)));
  return decodeMail(mail.raw).replace(/\r\n/g, '\n');
}

const linkIn = (text: string, path: string) =>
  new RegExp(`https?://\\S+/${path}\\?token=([\\w-]+)`).exec(text)?.[1] ?? '';

describe('an account registered with someone else’s address', () => {
  it('Google sign-in by the owner of the address ends the registrant’s password and sessions', async () => {
    const attacker = newUser();
    const registered = await call('POST', '/api/register', attacker);
    expect(registered.status).toBe(201);
    const attackerToken = registered.body.token as string;

    // The owner of the address confirms it from the mail…
    const mail = await mailTo(attacker.email, /verify-email\?token=/);
    expect(
      (await call('GET', `/api/verify-email?token=${linkIn(mail, 'verify-email')}`)).status,
    ).toBe(200);
    // …and the registrant's password still opens the account (nothing has proved it).
    expect(
      (
        await call('POST', '/api/login', {
          username: attacker.username,
          password: attacker.password,
        })
      ).status,
    ).toBe(200);

    // Later the owner signs in with Google and lands in that account.
    const signedIn = await call('POST', '/api/auth/google', {
      token: await googleToken('g-victim-1', attacker.email),
    });
    expect(signedIn.status).toBe(200);
    const victimToken = signedIn.body.token as string;
    expect((await call('GET', '/api/user', undefined, victimToken)).status).toBe(200);

    // The registrant can no longer read it: old session, password, both refused.
    expect((await call('GET', '/api/user', undefined, attackerToken)).status).toBe(401);
    expect(
      (
        await call('POST', '/api/login', {
          username: attacker.username,
          password: attacker.password,
        })
      ).status,
    ).toBe(401);
    // The owner is told why the password went, and how to choose one.
    const told = await mailTo(attacker.email, /Google sign-in now opens/);
    expect(told).toContain('the password that was set on the account has been removed');
    expect(told).toContain('Forgot password');
    // Signing in with Google again keeps the owner's session.
    const again = await call('POST', '/api/auth/google', {
      token: await googleToken('g-victim-1', attacker.email),
    });
    expect(again.status).toBe(200);
    expect((await call('GET', '/api/user', undefined, victimToken)).status).toBe(200);
  });

  it('the confirmation mail says an account was made with the address, and its link to refuse deletes it', async () => {
    const attacker = newUser();
    const registered = await call('POST', '/api/register', attacker);
    expect(registered.status).toBe(201);
    const attackerToken = registered.body.token as string;

    const mail = await mailTo(attacker.email, /refuse-account\?token=/);
    expect(mail).toContain('was created with this email address');
    expect(mail).toContain(`username: ${attacker.username}`);
    expect(mail).toMatch(/If it was not you, do not open that link/);
    const refuse = linkIn(mail, 'refuse-account');
    expect(refuse).not.toBe('');

    const refused = await call('POST', '/api/account/refuse', { token: refuse });
    expect(refused).toEqual({ status: 200, body: { message: ACCOUNT_REFUSED_MESSAGE } });
    expect((await call('GET', '/api/user', undefined, attackerToken)).status).toBe(401);
    expect(
      (
        await call('POST', '/api/login', {
          username: attacker.username,
          password: attacker.password,
        })
      ).status,
    ).toBe(401);
    // Used once; the address is free for its owner.
    expect((await call('POST', '/api/account/refuse', { token: refuse })).status).toBe(400);
    expect((await call('POST', '/api/register', newUser({ email: attacker.email }))).status).toBe(
      201,
    );
  });

  it('a confirmed account cannot be refused by the link', async () => {
    const owner = newUser();
    expect((await call('POST', '/api/register', owner)).status).toBe(201);
    const mail = await mailTo(owner.email, /refuse-account\?token=/);
    expect(
      (await call('GET', `/api/verify-email?token=${linkIn(mail, 'verify-email')}`)).status,
    ).toBe(200);
    const refused = await call('POST', '/api/account/refuse', {
      token: linkIn(mail, 'refuse-account'),
    });
    expect(refused.status).toBe(400);
    expect(
      (await call('POST', '/api/login', { username: owner.username, password: owner.password }))
        .status,
    ).toBe(200);
  });
});
