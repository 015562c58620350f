import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenLinkIn } from '../../../scripts/lib/mail.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../scripts/lib/smtp-capture.ts';
import { createTestContext, newUser, tokenFrom, type TestContext } from './helpers.ts';

function linkIn(raw: string): string {
  const link = tokenLinkIn(raw);
  if (!link) throw new Error('no link in message');
  return link;
}

/** A real SMTP server capturing what the app sends through nodemailer. */
let smtp: SmtpCapture;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('with SMTP configured, email verification is required', () => {
  it('registers without signing in, refuses login until the mailed link is opened', async () => {
    expect(ctx.settings.REQUIRE_EMAIL_VERIFICATION).toBe(true);
    const user = newUser();
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: user });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ token: null, verificationRequired: true });

    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: user.password },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Email not verified');

    // Resend gives a second, equally valid link.
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/resend-verification',
      payload: { usernameOrEmail: user.email },
    });
    expect(resend.statusCode).toBe(200);
    const mail = await smtp.waitFor(user.email);
    expect(mail.raw).toContain('Subject: Verify your email');

    const verify = await ctx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(linkIn(mail.raw))}`,
    });
    expect(verify.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);

    // A second click on the same link says it is verified again; a made-up token does not.
    const again = await ctx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(linkIn(mail.raw))}`,
    });
    expect(again.statusCode).toBe(200);
    const madeUp = await ctx.app.inject({ url: '/api/verify-email?token=not-a-real-token' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().message).toBe('This link is invalid or has expired');
  });
});
