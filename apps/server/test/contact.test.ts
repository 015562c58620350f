import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formServiceMessages } from '@folio/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeMail,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../scripts/lib/smtp-capture.ts';
import { contactMessages } from '../src/db/schema.ts';
import { createTestContext, readOutbox, type TestContext } from './helpers.ts';

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Visitor',
  email: 'ada@example.com',
  subject: 'Custom domains',
  message: 'Can I point my own domain at a Lifetime portfolio?',
  ...overrides,
});

/** A local form service speaking the Formspree JSON protocol; `answer` decides each reply. */
async function startFormService() {
  const received: unknown[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { ok: true } };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ accept: req.headers.accept, body: JSON.parse(body) as unknown });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/f/test-form`,
    received,
    answer(status: number, body: unknown) {
      answer = { status, body };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function storedRows(ctx: TestContext, email: string) {
  return ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('contact form without mail or form service (embedded default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ CONTACT_RATE_LIMIT: '3' });
  });
  afterAll(() => ctx.close());

  it('stores the message and writes the support mail to the outbox', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message({ email: 'outbox@example.com' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent successfully!' });
    const [row] = await storedRows(ctx, 'outbox@example.com');
    expect(row).toMatchObject({ portfolioId: null, subject: 'Custom domains', status: 'stored' });
    const mail = readOutbox(ctx.dataDir).find((m) => m.file.includes('-contact-'));
    expect(mail?.file).toContain(ctx.settings.SUPPORT_EMAIL);
  });

  it('requires every field and a valid email, storing nothing', async () => {
    for (const [i, bad] of [
      message({ name: '  ' }),
      message({ email: 'not-an-email' }),
      message({ subject: '' }),
      { name: 'A', email: 'a@example.com', subject: 'S' },
    ].entries()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: bad,
        remoteAddress: `10.1.1.${i + 10}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message({ email: 'nope' }),
      remoteAddress: '10.1.1.2',
    });
    expect(res.json().message).toContain('Please enter a valid email address');
    expect(await storedRows(ctx, 'nope')).toHaveLength(0);
  });

  it('is rate-limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: message({ email: `limit${i}@example.com` }),
        remoteAddress: '10.9.8.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('contact form with SMTP and a form service', () => {
  let ctx: TestContext;
  let smtp: SmtpCapture;
  let form: Awaited<ReturnType<typeof startFormService>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    form = await startFormService();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'help@folio.test',
      CONTACT_FORM_URL: form.url,
      CONTACT_RATE_LIMIT: '100',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
    await form.close();
  });

  it('mails SUPPORT_EMAIL with a reply-to of the visitor and forwards to the form service', async () => {
    form.answer(200, { ok: true, next: '/thanks' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message({ email: 'smtp@example.com', message: 'Hello from the SMTP test' }),
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor('help@folio.test');
    const text = decodeMail(mail.raw);
    expect(text).toContain('Reply-To: smtp@example.com');
    expect(text).toContain('Hello from the SMTP test');
    expect(form.received.at(-1)).toMatchObject({
      accept: 'application/json',
      body: { email: 'smtp@example.com', subject: 'Custom domains' },
    });
    const [row] = await storedRows(ctx, 'smtp@example.com');
    expect(row).toMatchObject({ status: 'delivered', error: null });
  });

  it('keeps the message and still succeeds when only the form service refuses it', async () => {
    form.answer(400, { error: 'Form not found', errors: [{ code: 'FORM_NOT_FOUND' }] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message({ email: 'partial@example.com' }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await storedRows(ctx, 'partial@example.com');
    expect(row?.status).toBe('delivered');
    expect(row?.error).toContain('FORM_NOT_FOUND');
  });
});

describe('contact form with a form service only', () => {
  let ctx: TestContext;
  let form: Awaited<ReturnType<typeof startFormService>>;
  beforeAll(async () => {
    form = await startFormService();
    ctx = await createTestContext({ CONTACT_FORM_URL: form.url, CONTACT_RATE_LIMIT: '100' });
  });
  afterAll(async () => {
    await ctx.close();
    await form.close();
  });

  it('maps the form service codes to messages, keeping the message stored', async () => {
    const cases: [number, unknown, number, string][] = [
      [
        422,
        { errors: [{ code: 'TYPE_EMAIL', field: 'email' }] },
        400,
        formServiceMessages.TYPE_EMAIL,
      ],
      [403, { errors: [{ code: 'BLOCKED' }] }, 400, formServiceMessages.BLOCKED],
      [404, { errors: [{ code: 'INACTIVE' }] }, 502, formServiceMessages.INACTIVE],
      [
        404,
        { errors: [{ code: 'PROJECT_NOT_FOUND' }] },
        502,
        formServiceMessages.PROJECT_NOT_FOUND,
      ],
      [500, '<html>oops</html>', 502, 'Unexpected response format'],
    ];
    for (const [i, [status, body, expected, text]] of cases.entries()) {
      form.answer(status, body);
      const email = `code${i}@example.com`;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: message({ email }),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(expected);
      expect(res.json().message).toBe(text);
      const [row] = await storedRows(ctx, email);
      expect(row?.status).toBe('failed');
    }
  });

  it('succeeds when the form service accepts the message', async () => {
    form.answer(200, { ok: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message({ email: 'formok@example.com' }),
    });
    expect(res.statusCode).toBe(201);
    expect((await storedRows(ctx, 'formok@example.com'))[0]?.status).toBe('delivered');
  });
});
