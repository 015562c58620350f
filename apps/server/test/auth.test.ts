import { authMessages } from '@folio/core';
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
import { eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../src/db/schema.ts';
import { newOneTimeToken } from '../src/features/auth/tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('register', () => {
  it.each([
    [{ username: 'ab' }, 'username', authMessages.usernameMin],
    [{ password: '12345' }, 'password', authMessages.passwordMin],
    [{ email: 'not-an-email' }, 'email', authMessages.emailInvalid],
    [{ name: '' }, 'name', authMessages.nameRequired],
  ])('refuses %o with the product message', async (override, field, message) => {
    const res = await post('/api/register', { ...newUser(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION', field, message, detail: message });
  });

  it('creates the account, signs the user in, and starts with 10 free credits', async () => {
    const user = newUser();
    const res = await post('/api/register', user);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.verificationRequired).toBe(false);
    expect(body.user).toMatchObject({ username: user.username, plan: 'free', credits: 10 });
    expect(body.user).not.toHaveProperty('passwordHash');
    const me = await ctx.app.inject({ url: '/api/user', headers: bearer(body.token) });
    expect(me.json()).toMatchObject({ email: user.email });
  });

  it('keeps usernames and emails unique whatever their case', async () => {
    const user = await register(ctx.app);
    const sameName = await post(
      '/api/register',
      newUser({ username: user.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ error: 'USERNAME_TAKEN', field: 'username' });
    const sameEmail = await post('/api/register', newUser({ email: user.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ error: 'EMAIL_TAKEN', field: 'email' });
  });

  it('sends a verification link that verifies once; a second click only says so again', async () => {
    const user = await register(ctx.app);
    const link = await mailedLink(ctx.dataDir, 'verify', user.email);
    const url = `/api/verify-email?token=${tokenFrom(link)}`;
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/user', headers: bearer(user.token) });
    expect(me.json().emailVerified).toBe(true);
    const [first] = await ctx.database.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    // The same link again: answered as verified (the address is), and nothing changes.
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const [second] = await ctx.database.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(second!.at).toEqual(first!.at);
    const madeUp = await ctx.app.inject({ url: `/api/verify-email?token=${'a'.repeat(64)}` });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error).toBe('INVALID_TOKEN');
  });
});

describe('login and sessions', () => {
  it.each([
    [{ username: '', password: 'x' }, authMessages.usernameRequired],
    [{ username: 'someone', password: '' }, authMessages.passwordRequired],
  ])('refuses %o with the product message', async (payload, message) => {
    const res = await post('/api/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts the username or the email, in any case', async () => {
    const user = await register(ctx.app);
    for (const login of [user.username, user.email.toUpperCase()]) {
      const res = await post('/api/login', { username: login, password: user.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(user.id);
    }
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await register(ctx.app);
    const wrong = await post('/api/login', { username: user.username, password: 'wrong-pass' });
    const unknown = await post('/api/login', { username: 'nobody-here', password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('logout revokes the token on the server', async () => {
    const user = await register(ctx.app);
    expect((await post('/api/logout', {}, bearer(user.token))).statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/user', headers: bearer(user.token) });
    expect(me.statusCode).toBe(401);
  });

  it('refuses missing, tampered and unsigned tokens', async () => {
    const user = await register(ctx.app);
    const [head, payload] = (user.token ?? '').split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string };
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const token of [
      null,
      `${head}.${forged}.${user.token?.split('.')[2]}`,
      `${none}.${payload}.`,
    ]) {
      const res = await ctx.app.inject({ url: '/api/user', headers: token ? bearer(token) : {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

/** The token of the newest reset mail to that address once it differs from `previous`. */
async function nextResetToken(email: string, previous: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const token = tokenFrom(await mailedLink(ctx.dataDir, 'reset', email));
    if (token !== previous) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no second reset mail for ${email}`);
}

describe('password reset', () => {
  it('answers the same whether or not the account exists', async () => {
    const user = await register(ctx.app);
    const known = await post('/api/password-reset/request', { email: user.email });
    const unknown = await post('/api/password-reset/request', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      "If that account exists, we've sent a link to reset your password.",
    );
  });

  it('sets the new password through the mailed link, once, and signs out old sessions', async () => {
    const user = await register(ctx.app);
    await post('/api/password-reset/request', { email: user.email });
    const token = tokenFrom(await mailedLink(ctx.dataDir, 'reset', user.email));

    const tooShort = await post('/api/password-reset/confirm', { token, new_password: '123' });
    expect(tooShort.json().message).toBe(authMessages.resetMin);

    const ok = await post('/api/password-reset/confirm', { token, new_password: 'brand new pw' });
    expect(ok.statusCode).toBe(200);
    const reused = await post('/api/password-reset/confirm', { token, new_password: 'other pw 2' });
    expect(reused.statusCode).toBe(400);

    expect(
      (await ctx.app.inject({ url: '/api/user', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    const old = await post('/api/login', { username: user.username, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await post('/api/login', { username: user.email, password: 'brand new pw' });
    expect(fresh.statusCode).toBe(200);
  });

  it('a new reset request replaces the earlier link; a successful reset ends every other reset link', async () => {
    const user = await register(ctx.app);
    await post('/api/password-reset/request', { email: user.email });
    const first = tokenFrom(await mailedLink(ctx.dataDir, 'reset', user.email));
    await post('/api/password-reset/request', { email: user.email });
    const second = await nextResetToken(user.email, first);

    // A link mailed before this rule existed (still in the table after an upgrade), not yet used.
    const { token: older, hash } = newOneTimeToken();
    await ctx.database.db.insert(oneTimeTokens).values({
      userId: user.id,
      kind: 'reset',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const stale = await post('/api/password-reset/confirm', {
      token: first,
      new_password: 'pw one 1',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe('INVALID_TOKEN');

    const ok = await post('/api/password-reset/confirm', {
      token: second,
      new_password: 'pw two 2',
    });
    expect(ok.statusCode).toBe(200);

    const late = await post('/api/password-reset/confirm', {
      token: older,
      new_password: 'pw three',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('INVALID_TOKEN');
    expect(
      (await post('/api/login', { username: user.username, password: 'pw two 2' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/login', { username: user.username, password: 'pw three' })).statusCode,
    ).toBe(401);
  });

  it('refuses an unknown token', async () => {
    const res = await post('/api/password-reset/confirm', {
      token: 'nope',
      new_password: 'abcdefg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_TOKEN');
  });
});

describe('protected routes', () => {
  it('answer 401 without a session', async () => {
    for (const url of ['/api/user', '/api/portfolios']) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await post('/api/logout', {})).statusCode).toBe(401);
  });
});
