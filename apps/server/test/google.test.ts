import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  mailedLink,
  newUser,
  register,
  tokenFrom,
  type TestContext,
} from './helpers.ts';

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

const nowS = () => Math.floor(Date.now() / 1000);

function idToken(
  claims: Record<string, unknown>,
  opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: string | number; iat?: number } = {},
) {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt(opts.iat)
    .setExpirationTime(opts.exp ?? '10m')
    .sign(opts.key ?? privateKey);
}

const google = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });
const me = (token: string | null) => ctx.app.inject({ url: '/api/user', headers: bearer(token) });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

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

  it('links to an existing account with the same verified email, ending its password and sessions (the password never proved the address)', async () => {
    const user = await register(ctx.app);
    const verified = await ctx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(await mailedLink(ctx.dataDir, 'verify', user.email))}`,
    });
    expect(verified.statusCode).toBe(200);

    const res = await google(await idToken({ sub: 'g-3', email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    expect((await me(res.json().token)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    const again = await google(await idToken({ sub: 'g-3', email: user.email }));
    expect(again.json().user.id).toBe(user.id);
    // Signing in by the linked Google id again ends nothing.
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it.each([
    ['a foreign signature', { key: 'stranger' }],
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['a token expired beyond the clock tolerance', { exp: '-6m' }],
    ['a token issued over an hour ago, though not expired', { iat: nowS() - 2 * 3600 }],
    ['a token issued in the future beyond the clock tolerance', { iat: nowS() + 10 * 60 }],
  ])('refuses %s', async (_label, opt) => {
    const { key, ...rest } = opt as {
      key?: string;
      aud?: string;
      iss?: string;
      exp?: string;
      iat?: number;
    };
    const token = await idToken(
      { sub: 'g-9', email: 'mallory@example.com' },
      { ...rest, ...(key ? { key: strangerKey } : {}) },
    );
    const res = await google(token);
    expect(res.statusCode).toBe(401);
  });

  it("accepts a few minutes' clock skew: expired 2 minutes ago, issued 2 minutes ahead of our clock", async () => {
    const expired = await google(
      await idToken(
        { sub: 'g-skew', email: 'skew@example.com' },
        { iat: nowS() - 3600, exp: nowS() - 120 },
      ),
    );
    expect(expired.statusCode).toBe(200);
    const early = await google(
      await idToken({ sub: 'g-skew', email: 'skew@example.com' }, { iat: nowS() + 120 }),
    );
    expect(early.statusCode).toBe(200);
    expect(early.json().user.id).toBe(expired.json().user.id);
  });

  it('refuses an email Google has not verified', async () => {
    const res = await google(
      await idToken({ sub: 'g-8', email: 'x@example.com', email_verified: false }),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe("account take-over prepared in advance (register with the victim's email, wait for Google sign-in)", () => {
  it("Google's proof of the email takes the unverified account from the pre-registrant: password and sessions stop working", async () => {
    // The attacker registers with the victim's address and a password of their own; no one
    // verifies the address (the embedded default signs them in at once).
    const attacker = await register(ctx.app, newUser({ email: 'victim@example.com' }));
    expect(attacker.token).toBeTruthy();
    expect((await me(attacker.token)).statusCode).toBe(200);

    // The victim signs in with Google, which has verified the address.
    const victim = await google(
      await idToken({ sub: 'g-victim', email: 'Victim@example.com', name: 'Vic Tim' }),
    );
    expect(victim.statusCode).toBe(200);
    expect(victim.json().user).toMatchObject({ id: attacker.id, emailVerified: true });
    expect((await me(victim.json().token)).statusCode).toBe(200);

    // Everything the pre-registrant held is gone.
    expect((await me(attacker.token)).statusCode).toBe(401);
    for (const name of [attacker.username, attacker.email]) {
      const res = await login(name, attacker.password);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('INVALID_CREDENTIALS');
    }
    // The link mailed at registration (to the victim's address) is ended too.
    const link = await mailedLink(ctx.dataDir, 'verify', attacker.email);
    const verify = await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(link)}` });
    expect(verify.statusCode).toBe(400);

    // The victim keeps signing in to the same account.
    const again = await google(await idToken({ sub: 'g-victim', email: 'victim@example.com' }));
    expect(again.json().user.id).toBe(attacker.id);
  });

  it('an account already linked to a Google id is found by that id, not by an email match', async () => {
    // Someone else's account holds the address the Google account now shows.
    const other = await register(ctx.app, newUser({ email: 'new-address@example.com' }));
    const first = await google(await idToken({ sub: 'g-moved', email: 'old-address@example.com' }));
    const res = await google(await idToken({ sub: 'g-moved', email: 'new-address@example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(first.json().user.id);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await login(other.username, other.password)).statusCode).toBe(200);
  });
});
