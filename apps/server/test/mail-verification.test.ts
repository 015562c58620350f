import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenLinkIn } from '../../../scripts/lib/mail.ts';
import { createTestContext, newUser, tokenFrom, type TestContext } from './helpers.ts';

/** A real SMTP server capturing what the app sends through nodemailer. */
function startSmtp() {
  const messages: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<{ port: number; messages: typeof messages; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.server.address() as AddressInfo;
        resolve({ port, messages, close: () => new Promise((r) => server.close(() => r())) });
      });
    },
  );
}

function linkIn(raw: string): string {
  const link = tokenLinkIn(raw);
  if (!link) throw new Error('no link in message');
  return link;
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

async function waitForMail(to: string) {
  for (let i = 0; i < 100; i++) {
    const hit = smtp.messages.find((m) => m.to.includes(to));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

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
    const mail = await waitForMail(user.email);
    expect(mail.raw).toContain('Subject: Verify your email');

    const verify = await ctx.app.inject({
      url: `/api/verify-email?token=${tokenFrom(linkIn(mail.raw))}`,
    });
    expect(verify.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });
});
