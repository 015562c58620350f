import { generateKeyPair, SignJWT, exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, newUser, register, type TestContext } from '../helpers.ts';

/** Attacks on sessions and accounts: forged tokens, revoked sessions, enumeration, brute force. */

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';
const b64 = (v: object | string) =>
  Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof register>>;
let bob: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  ctx = await createTestContext({ JWT_SECRET: SECRET });
  alice = await register(ctx.app);
  bob = await register(ctx.app);
});
afterAll(() => ctx.close());

const whoAmI = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

function claimsOf(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
    iss: string;
    exp: number;
  };
}

const key = new TextEncoder().encode(SECRET);
const sign = (
  payload: Record<string, unknown>,
  alg = 'HS256',
  k: Parameters<SignJWT['sign']>[0] = key,
) => new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(k);

describe('session tokens (JWT)', () => {
  it('a genuine token works (control)', async () => {
    expect((await whoAmI(alice.token!)).statusCode).toBe(200);
  });

  it('refuses alg "none", in any spelling, with or without a signature', async () => {
    const claims = claimsOf(alice.token!);
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      for (const sig of ['', alice.token!.split('.')[2]!]) {
        const res = await whoAmI(`${b64({ alg, typ: 'JWT' })}.${b64(claims)}.${sig}`);
        expect(res.statusCode, alg).toBe(401);
      }
    }
  });

  it('refuses HS/RS confusion: RS256 and ES256 tokens, embedded keys, and other HMAC algorithms', async () => {
    const claims = claimsOf(alice.token!);
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const rs = await sign(claims, 'RS256', privateKey);
    // RS256 header over an HMAC signature made with the server's secret (the classic swap).
    const swapped = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`;
    const { createHmac } = await import('node:crypto');
    const hmac = createHmac('sha256', SECRET).update(swapped).digest('base64url');
    const jwk = await exportJWK(publicKey);
    const embedded = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', jwk })
      .sign(privateKey);
    const es = await sign(claims, 'ES256', (await generateKeyPair('ES256')).privateKey);
    const hs512 = await sign(claims, 'HS512');
    const hs384 = await sign(claims, 'HS384');
    for (const token of [rs, `${swapped}.${hmac}`, embedded, es, hs512, hs384]) {
      expect((await whoAmI(token)).statusCode).toBe(401);
    }
  });

  it('refuses tampering: another user id, another session, re-signed with a guessed key', async () => {
    const a = claimsOf(alice.token!);
    const b = claimsOf(bob.token!);
    const [h, , s] = alice.token!.split('.');
    expect((await whoAmI(`${h}.${b64({ ...a, sub: String(bob.id) })}.${s}`)).statusCode).toBe(401);
    // Correctly signed (the key leaked) but pairing Alice's id with Bob's session: the session row decides.
    expect((await whoAmI(await sign({ ...a, sid: b.sid }))).statusCode).toBe(401);
    expect((await whoAmI(await sign({ ...a, sub: String(bob.id) }))).statusCode).toBe(401);
    const guessed = new TextEncoder().encode('secret');
    expect((await whoAmI(await sign(a, 'HS256', guessed))).statusCode).toBe(401);
  });

  it('refuses expired tokens, tokens of another issuer, and sessions that do not exist', async () => {
    const a = claimsOf(alice.token!);
    const past = Math.floor(Date.now() / 1000) - 60;
    expect((await whoAmI(await sign({ ...a, exp: past }))).statusCode).toBe(401);
    expect((await whoAmI(await sign({ ...a, iss: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await whoAmI(await sign({ ...a, sid: crypto.randomUUID() }))).statusCode).toBe(401);
    const { sub: _sub, ...noSubject } = a;
    expect((await whoAmI(await sign(noSubject))).statusCode).toBe(401);
  });

  it('a preview token is not a session token', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(alice.token),
      payload: { name: 'Preview me' },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/preview/token',
      headers: bearer(alice.token),
      payload: { portfolio_id: created.json<{ id: number }>().id },
    });
    const { preview_token } = res.json<{ preview_token: string }>();
    expect((await whoAmI(preview_token)).statusCode).toBe(401);
  });

  it('a revoked session stays refused: logout, then the same token again', async () => {
    const user = await register(ctx.app);
    expect((await whoAmI(user.token!)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(user.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(user.token!)).statusCode).toBe(401);
    // A second logout with the dead token cannot revive or reuse it.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(user.token),
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('account enumeration', () => {
  it('login: an unknown account and a wrong password get the same answer', async () => {
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: alice.username, password: 'not her password' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody-at-all', password: 'not her password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
  });

  it('password reset and resend verification: same answer for known and unknown accounts', async () => {
    for (const [url, field, known] of [
      ['/api/password-reset/request', 'email', alice.email],
      ['/api/resend-verification', 'usernameOrEmail', alice.username],
    ] as const) {
      const a = await ctx.app.inject({ method: 'POST', url, payload: { [field]: known } });
      const b = await ctx.app.inject({
        method: 'POST',
        url,
        payload: { [field]: field === 'email' ? 'nobody@example.com' : 'nobody-at-all' },
      });
      expect(a.statusCode, url).toBe(200);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.body).toBe(a.body);
    }
  });

  it('register says only what it must: the email or the username is taken', async () => {
    const byEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newUser({ email: alice.email.toUpperCase() }),
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({
      error: 'EMAIL_TAKEN',
      message: 'Email already registered',
    });
    expect(byEmail.body).not.toContain(alice.username);
    const byName = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newUser({ username: alice.username }),
    });
    expect(byName.json()).toMatchObject({
      error: 'USERNAME_TAKEN',
      message: 'Username already exists',
    });
    expect(byName.body).not.toContain(alice.email);
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  const LIMIT = 3;
  beforeAll(async () => {
    limited = await createTestContext({
      AUTH_RATE_LIMIT: String(LIMIT),
      PARSE_RATE_LIMIT: String(LIMIT),
    });
  });
  afterAll(() => limited.close());

  const authCalls: [method: 'GET' | 'POST', url: string, payload?: object][] = [
    ['POST', '/api/login', { username: 'someone', password: 'wrong password' }],
    ['POST', '/api/register', { username: 'x', email: 'bad', password: '1', name: '' }],
    ['POST', '/api/password-reset/request', { email: 'someone@example.com' }],
    ['POST', '/api/password-reset/confirm', { token: 'nope', new_password: 'long enough pw' }],
    ['POST', '/api/resend-verification', { usernameOrEmail: 'someone' }],
    ['GET', '/api/verify-email?token=nope'],
    ['POST', '/api/auth/google', { token: 'nope' }],
  ];

  it(`AUTH_RATE_LIMIT: the ${LIMIT + 1}th attempt in a minute from one address is refused, on every auth route`, async () => {
    for (const [method, url, payload] of authCalls) {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await limited.app.inject({ method, url, ...(payload ? { payload } : {}) });
        statuses.push(res.statusCode);
      }
      expect(
        statuses.slice(0, LIMIT).every((s) => s !== 429),
        `${url}: ${statuses.join()}`,
      ).toBe(true);
      expect(statuses[LIMIT], url).toBe(429);
    }
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: authCalls[0]![2],
    });
    expect(res.json()).toMatchObject({
      error: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    // Another client address has its own allowance.
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: authCalls[0]![2],
      remoteAddress: '198.51.100.7',
    });
    expect(other.statusCode).toBe(401);
  });

  it('a forged X-Forwarded-For does not buy new attempts', async () => {
    // The client talks to a proxy on this machine, which appends the address it saw.
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'victim', password: `guess ${i}` },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.${i}, 192.0.2.44` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1), statuses.join()).toBe(429);
  });

  it('PARSE_RATE_LIMIT limits parsing per client', async () => {
    const signUp = await limited.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: newUser(),
      remoteAddress: '198.51.100.99',
    });
    const user = signUp.json<{ token: string }>();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/parse-resume',
        headers: bearer(user.token),
        payload: {
          filename: 'a.pdf',
          fileContent: Buffer.from('not a document').toString('base64'),
        },
      });
      statuses.push(res.statusCode);
    }
    expect(
      statuses.slice(0, LIMIT).every((s) => s !== 429),
      statuses.join(),
    ).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });
});
