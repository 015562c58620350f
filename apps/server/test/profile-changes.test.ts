import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeMail,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../scripts/lib/smtp-capture.ts';
import { tokenLinkIn } from '../../../scripts/lib/mail.ts';
import { users } from '../src/db/schema.ts';
import {
  bearer,
  createTestContext,
  mailedLink,
  newUser,
  readOutbox,
  register,
  tokenFrom,
  type TestContext,
} from './helpers.ts';

/** The profile's changes: display name, e-mail (after verification), password. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Account = Awaited<ReturnType<typeof register>>;

const me = (token: string | null) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

async function secondSession(user: Account): Promise<string> {
  const res = await login(user.username, user.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

const changePassword = (token: string | null, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/password',
    headers: bearer(token),
    payload,
  });

const changeEmail = (token: string | null, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/account/email', headers: bearer(token), payload });

describe('display name', () => {
  it('changes, is trimmed, and an empty one is refused with sign-up’s message', async () => {
    const user = await register(ctx.app);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: bearer(user.token),
      payload: { name: '  Ada Lovelace ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada Lovelace', email: user.email });
    expect((await me(user.token)).json()).toMatchObject({ name: 'Ada Lovelace' });

    const empty = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: bearer(user.token),
      payload: { name: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Full name is required');
  });
});

describe('password change', () => {
  it('signs out every other session; the current one stays signed in; the new password works', async () => {
    const user = await register(ctx.app);
    const other = await secondSession(user);
    expect((await me(other)).statusCode).toBe(200);

    const res = await changePassword(user.token, {
      currentPassword: user.password,
      newPassword: 'a much newer secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('other sessions have been signed out');

    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'a much newer secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await register(ctx.app);
    const other = await secondSession(user);
    const res = await changePassword(user.token, {
      currentPassword: 'not my password',
      newPassword: 'a much newer secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'currentPassword',
      message: 'Your current password is not right.',
    });
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('applies sign-up’s password rule to the new password', async () => {
    const user = await register(ctx.app);
    const res = await changePassword(user.token, {
      currentPassword: user.password,
      newPassword: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Password must be at least 6 characters');
  });

  it('an account without a password (Google only) is told how to set one', async () => {
    const user = await register(ctx.app);
    await ctx.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect((await me(user.token)).json()).toMatchObject({ hasPassword: false });
    const res = await changePassword(user.token, {
      currentPassword: 'anything',
      newPassword: 'a much newer secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('We can email you a link to set one');
  });

  it('needs a session', async () => {
    const res = await changePassword(null, { currentPassword: 'x', newPassword: 'yyyyyyyy' });
    expect(res.statusCode).toBe(401);
  });
});

describe('e-mail change', () => {
  it('keeps the old sign-in address until the link mailed to the new one is opened', async () => {
    const user = await register(ctx.app);
    const next = newUser().email;
    const res = await changeEmail(user.token, { email: next, password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pendingEmail: next });

    // Still the old address: the login and /api/user know only it.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(next, user.password)).statusCode).toBe(401);
    expect((await me(user.token)).json()).toMatchObject({ email: user.email, pendingEmail: next });

    // The old address is told; the new one gets the link.
    const notice = () =>
      readOutbox(ctx.dataDir).find(
        (m) => m.file.includes('-address-notice-') && m.file.includes(user.email),
      );
    await expect.poll(() => decodeMail(notice()?.raw ?? '')).toContain(next);
    const link = await mailedLink(ctx.dataDir, 'email-change', next);
    expect(link).toContain('/verify-email?token=');

    const verify = await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(link)}` });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await me(user.token)).json()).toMatchObject({
      email: next,
      pendingEmail: null,
      emailVerified: true,
    });
    expect((await login(next, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    // A second click on the same link is a success again.
    const again = await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(link)}` });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an address another account uses, as sign-up does', async () => {
    const user = await register(ctx.app);
    const taken = await register(ctx.app);
    const res = await changeEmail(user.token, {
      email: taken.email.toUpperCase(),
      password: user.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'email', message: 'Email already registered' });
    expect((await me(user.token)).json()).toMatchObject({ pendingEmail: null });
  });

  it('asks for the current password, and refuses a wrong one', async () => {
    const user = await register(ctx.app);
    const next = newUser().email;
    const missing = await changeEmail(user.token, { email: next });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'password' });
    const wrong = await changeEmail(user.token, { email: next, password: 'nope nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      field: 'password',
      message: 'Your current password is not right.',
    });
    expect((await me(user.token)).json()).toMatchObject({ pendingEmail: null });
  });

  it('a second request or a cancel ends the earlier link; resend sends a working one', async () => {
    const user = await register(ctx.app);
    const first = newUser().email;
    const second = newUser().email;
    await changeEmail(user.token, { email: first, password: user.password });
    const firstLink = await mailedLink(ctx.dataDir, 'email-change', first);
    await changeEmail(user.token, { email: second, password: user.password });
    const stale = await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(firstLink)}` });
    expect(stale.statusCode).toBe(400);
    expect((await me(user.token)).json()).toMatchObject({
      email: user.email,
      pendingEmail: second,
    });

    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account/email',
      headers: bearer(user.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ email: user.email, pendingEmail: null });
    const secondLink = await mailedLink(ctx.dataDir, 'email-change', second);
    const cancelled = await ctx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(secondLink)}`,
    });
    expect(cancelled.statusCode).toBe(400);
    expect((await me(user.token)).json()).toMatchObject({ email: user.email });

    // Nothing pending: resend says so.
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/email/resend',
      headers: bearer(user.token),
    });
    expect(nothing.statusCode).toBe(400);

    await changeEmail(user.token, { email: first, password: user.password });
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/email/resend',
      headers: bearer(user.token),
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const mails = readOutbox(ctx.dataDir).filter(
      (m) => m.file.includes('-email-change-') && m.file.includes(first),
    );
    const newest = mails.at(-1)!.link!;
    const ok = await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(newest)}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me(user.token)).json()).toMatchObject({ email: first, pendingEmail: null });
  });

  it('when another account confirms the address first, the later link changes nothing', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const wanted = newUser().email;
    await changeEmail(a.token, { email: wanted, password: a.password });
    await changeEmail(b.token, { email: wanted, password: b.password });
    const files = readOutbox(ctx.dataDir).filter(
      (m) => m.file.includes('-email-change-') && m.file.includes(wanted),
    );
    expect(files).toHaveLength(2);
    const [linkA, linkB] = files.map((m) => m.link!);
    expect(
      (await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(linkB!)}` })).statusCode,
    ).toBe(200);
    const late = await ctx.app.inject({ url: `/api/verify-email?token=${tokenFrom(linkA!)}` });
    expect(late.statusCode).toBe(409);
    expect((await me(a.token)).json()).toMatchObject({ email: a.email, pendingEmail: wanted });
    expect((await me(b.token)).json()).toMatchObject({ email: wanted });
  });
});

describe('with real SMTP', () => {
  let smtp: SmtpCapture;
  let mailCtx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    mailCtx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await mailCtx.close();
    await smtp.close();
  });

  it('the change link goes to the new address over SMTP and, opened, makes it the login', async () => {
    const user = newUser();
    await mailCtx.app.inject({ method: 'POST', url: '/api/register', payload: user });
    const signup = await smtp.waitFor(user.email);
    await mailCtx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(tokenLinkIn(signup.raw)!)}`,
    });
    const signIn = await mailCtx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    const token = signIn.json<{ token: string }>().token;
    const next = newUser().email;
    const res = await mailCtx.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: bearer(token),
      payload: { email: next, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor(next);
    expect(mail.raw).toContain('Subject: Confirm your new email');
    const verify = await mailCtx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(tokenLinkIn(mail.raw)!)}`,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const relogin = await mailCtx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: next, password: user.password },
    });
    expect(relogin.statusCode).toBe(200);
  });
});
