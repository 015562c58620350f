import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, register, type TestContext } from './helpers.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

let ctx: TestContext;
let keyServer: http.Server;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  // Serves a key set the way Google's certs endpoint does.
  keyServer = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => keyServer.listen(0, '127.0.0.1', r));
  const { port } = keyServer.address() as AddressInfo;
  ctx = await createTestContext({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
  });
});
afterAll(async () => {
  await ctx.close();
  keyServer.close();
});

function idToken(
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: string } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '10m')
    .sign(opts.key ?? privateKey);
}

const google = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });

describe('Google sign-in', () => {
  it('is advertised in the public config', async () => {
    const res = await ctx.app.inject({ url: '/api/config' });
    expect(res.json().googleClientId).toBe(CLIENT_ID);
  });

  it('creates a user with a unique username, then signs the same person in again', async () => {
    const token = await idToken({ sub: 'g-1', email: 'ada@example.com', name: 'Ada Lovelace' });
    const first = await google(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({
      username: 'ada',
      name: 'Ada Lovelace',
      emailVerified: true,
    });
    const again = await google(await idToken({ sub: 'g-1', email: 'ada@example.com' }));
    expect(again.json().user.id).toBe(first.json().user.id);
    const other = await google(await idToken({ sub: 'g-2', email: 'ada@elsewhere.org' }));
    expect(other.json().user.username).toBe('ada2');
  });

  it('links to an existing account with the same verified email', async () => {
    const user = await register(ctx.app);
    const res = await google(await idToken({ sub: 'g-3', email: user.email.toUpperCase() }));
    expect(res.json().user.id).toBe(user.id);
  });

  it.each([
    ['a foreign signature', { key: 'stranger' }],
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { exp: '-1m' }],
  ])('refuses %s', async (_label, opt) => {
    const { key, ...rest } = opt as { key?: string; aud?: string; iss?: string; exp?: string };
    const token = await idToken(
      { sub: 'g-9', email: 'mallory@example.com' },
      { ...rest, ...(key ? { key: strangerKey } : {}) },
    );
    const res = await google(token);
    expect(res.statusCode).toBe(401);
  });

  it('refuses an email Google has not verified', async () => {
    const res = await google(
      await idToken({ sub: 'g-8', email: 'x@example.com', email_verified: false }),
    );
    expect(res.statusCode).toBe(401);
  });
});
