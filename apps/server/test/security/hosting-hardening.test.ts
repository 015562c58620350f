/**
 * Attacks on published sites and their forms through the app (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): forged client addresses, the contact form as a mail relay, inflated
 * visitor counts.
 */
import { contactMessages, users } from '../../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, readOutbox, register, type TestContext } from '../helpers.ts';

let ctx: TestContext;
const AUTH_LIMIT = 3;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_MS: '100', AUTH_RATE_LIMIT: String(AUTH_LIMIT) });
});
afterAll(() => ctx.close());

/** Registers someone and publishes a portfolio with a contact form; its owner, id and label. */
async function publishedSite(name: string) {
  const owner = await register(ctx.app);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(owner.token),
    payload: {
      name,
      content: { data: { contact: { name } }, settings: { showContactForm: true } },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  await ctx.app.inject({ method: 'POST', url: `/api/publish/${id}`, headers: bearer(owner.token) });
  for (let i = 0; i < 200; i++) {
    const state = await ctx.app.inject({
      method: 'GET',
      url: `/api/portfolios/${id}/site`,
      headers: bearer(owner.token),
    });
    const { status, label } = state.json<{ status: string; label: string }>();
    if (status === 'live') return { owner, id, label };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the site never went live');
}

const message = (text: string) =>
  new URLSearchParams({
    name: 'Visitor',
    email: 'visitor@example.com',
    subject: 'Hello',
    message: text,
  }).toString();

function sendMessage(label: string, text: string, remoteAddress = '127.0.0.1', xff?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/s/${label}/contact`,
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(xff ? { 'x-forwarded-for': xff } : {}),
    },
    payload: message(text),
  });
}

const siteMails = (email: string) =>
  readOutbox(ctx.dataDir).filter((m) => m.file.includes(`site-contact-${email}`));

describe('client addresses (TRUST_PROXY)', () => {
  it('by default only a proxy on this machine is believed', () => {
    expect(ctx.settings.TRUST_PROXY).toBe('loopback');
  });

  it('a client on a private network cannot forge X-Forwarded-For past the login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'victim', password: `guess ${i}` },
        remoteAddress: '10.20.30.40',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1), statuses.join()).toBe(429);
  });

  it('a client on a private network cannot forge X-Forwarded-For past the site contact limit', async () => {
    const { label } = await publishedSite('Forged Contact');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await sendMessage(label, `try ${i}`, '192.168.1.50', `198.51.100.${i}`);
      statuses.push(res.statusCode);
    }
    expect(statuses, statuses.join()).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('a proxy on this machine still passes on each client address', async () => {
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      const statuses: number[] = [];
      for (let i = 0; i < AUTH_LIMIT; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: 'someone', password: `guess ${i}` },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses, client).not.toContain(429);
    }
  });
});

describe('site contact form', () => {
  it('is no mail relay: an owner whose address is not verified gets no mail, only the stored message', async () => {
    // Verification is off here (no SMTP): anyone may register with someone else's address.
    expect(ctx.settings.REQUIRE_EMAIL_VERIFICATION).toBe(false);
    const { owner, id, label } = await publishedSite('Relay Target');

    const first = await sendMessage(label, 'Spam-relay');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Message sent successfully!');

    // Once the owner proves the address, messages are mailed.
    await ctx.app.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, owner.id));
    const second = await sendMessage(label, 'Question-verified');
    expect(second.statusCode).toBe(200);
    // Both messages are kept for the owner; only the second is mailed.
    const rows = () =>
      ctx.app.db
        .select({ message: contactMessages.message, status: contactMessages.status })
        .from(contactMessages)
        .where(eq(contactMessages.portfolioId, id))
        .orderBy(contactMessages.id);
    await expect.poll(rows, { timeout: 5000 }).toEqual([
      { message: 'Spam-relay', status: 'stored' },
      { message: 'Question-verified', status: 'delivered' },
    ]);
    const mails = siteMails(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Question-verified');
  });
});
