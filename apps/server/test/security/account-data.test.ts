import fs from 'node:fs';
import { createRequire } from 'node:module';
import { defaultContent } from '@folio/core';
import { fixtureDocument } from '@folio/parser/fixtures';
import { fromJsonResume } from '@folio/parser/json-resume';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailLog,
  payments,
  portfolios,
  resumes,
  sessions,
  sites,
  users,
} from '../../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from '../helpers.ts';

const pdf = fs.readFileSync((await fixtureDocument('onecol-pdf')).file);

let ctx: TestContext;
type Account = Awaited<ReturnType<typeof register>>;

function multipart(bytes: Buffer) {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadImage(user: Account, color: number): Promise<string> {
  const png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: color, g: 20, b: 90 } },
  })
    .png()
    .toBuffer();
  const body = multipart(png);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(user.token) },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
}

async function newPortfolio(user: Account, name: string, content: object): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(user.token),
    payload: { name, content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const exportOf = (token: string | null) =>
  ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });

const deleteAccount = (token: string | null, payload: object) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(token), payload });

beforeAll(async () => {
  ctx = await createTestContext({ PARSE_RATE_LIMIT: '100' });
});
afterAll(() => ctx.close());

describe('download my data', () => {
  it('is one zip with every portfolio, resume and upload, resumes as JSON Resume files', async () => {
    const user = await register(ctx.app);
    const photo = await uploadImage(user, 200);
    // A parsed upload (the parser itself is tested elsewhere; under load it may hit its time limit).
    const parsedData = {
      contact: { name: 'Ada Lovelace', email: 'ada@example.com', title: 'Analyst' },
      summary: 'Wrote the first published program.',
      experience: [{ company: 'Analytical Engine', position: 'Programmer', dates: '1842 – 1843' }],
    };
    await ctx.app.db.insert(resumes).values({
      userId: user.id,
      filename: 'My CV.pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.length,
      status: 'parsed',
      creditSpent: true,
      parsedData,
    });
    const id = await newPortfolio(user, 'Ada’s Site <1>', {
      name: 'Ada Lovelace',
      title: 'Analyst',
      about: 'First programmer.',
      projects: [{ title: 'Engine notes', image: photo }],
    });

    const res = await exportOf(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="folio-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        `portfolios/${id}-Ada-s-Site-1/portfolio.json`,
        `portfolios/${id}-Ada-s-Site-1/resume.json`,
        'resumes/index.json',
        `uploads/${photo.split('/').pop()}`,
        'payments.json',
        'sites.json',
        'messages.json',
      ]),
    );
    const account = await zip.file('account.json')!.async('string');
    expect(JSON.parse(account)).toMatchObject({ username: user.username, email: user.email });
    // Whether the account has a password is said (a boolean); the password and its hash never are.
    expect(account).not.toMatch(/argon2/i);
    const accountFields = Object.keys(JSON.parse(account) as Record<string, unknown>);
    expect(accountFields.filter((k) => /password|hash/i.test(k))).toEqual(['hasPassword']);

    const jsonResume = JSON.parse(
      await zip.file(`portfolios/${id}-Ada-s-Site-1/resume.json`)!.async('string'),
    ) as { basics: { name: string; label: string } };
    expect(jsonResume.basics).toMatchObject({ name: 'Ada Lovelace', label: 'Analyst' });
    expect(fromJsonResume(jsonResume).contact?.name).toBe('Ada Lovelace');

    const resumeFile = names.find((n) => /^resumes\/\d+-My-CV\.json$/.test(n));
    expect(resumeFile, names.join()).toBeTruthy();
    const exported = JSON.parse(await zip.file(resumeFile!)!.async('string')) as {
      basics: { name: string };
    };
    expect(exported.basics.name).toBe(parsedData.contact.name);
    const index = JSON.parse(await zip.file('resumes/index.json')!.async('string')) as object[];
    expect(index).toEqual([expect.objectContaining({ filename: 'My CV.pdf', status: 'parsed' })]);

    const image = await zip.file(`uploads/${photo.split('/').pop()}`)!.async('nodebuffer');
    const served = await ctx.app.inject({ method: 'GET', url: photo });
    expect(image.equals(served.rawPayload)).toBe(true);
  });

  it('gives back a JSON Resume imported into a portfolio with no value lost or changed', async () => {
    const user = await register(ctx.app);
    const sample = JSON.parse(
      fs.readFileSync(
        createRequire(import.meta.url).resolve('@jsonresume/schema/sample.resume.json'),
        'utf8',
      ),
    ) as { basics: Record<string, unknown> };
    // What the web app's JSON Resume import sends (apps/web resume-import).
    const id = await newPortfolio(user, 'Richard', defaultContent(fromJsonResume(sample)));
    const zip = await JSZip.loadAsync((await exportOf(user.token)).rawPayload);
    const exported = JSON.parse(
      await zip.file(`portfolios/${id}-Richard/resume.json`)!.async('string'),
    ) as unknown;
    // The one normalisation: the sample's empty `basics.image: ""` is no value and is left out.
    const { image: _empty, ...basics } = sample.basics;
    expect(exported).toEqual({ ...sample, basics });
  });

  it("holds only the caller's data", async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    await newPortfolio(b, 'Secret of B', { name: 'Bea Secret' });
    const zip = await JSZip.loadAsync((await exportOf(a.token)).rawPayload);
    const all = await Promise.all(
      Object.values(zip.files)
        .filter((f) => !f.dir)
        .map((f) => f.async('string')),
    );
    expect(all.join('\n')).not.toContain('Bea Secret');
    expect(all.join('\n')).not.toContain(b.email);
  });
});

describe('delete my account', () => {
  it('needs the username typed and the password; a wrong one deletes nothing', async () => {
    const user = await register(ctx.app);
    await newPortfolio(user, 'Keep me', { name: 'Kept' });
    const wrongName = await deleteAccount(user.token, {
      confirm: 'someone',
      password: user.password,
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json()).toMatchObject({ field: 'confirm' });
    const wrongPassword = await deleteAccount(user.token, {
      confirm: user.username,
      password: 'not my password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ field: 'password' });
    const none = await deleteAccount(user.token, { confirm: user.username });
    expect(none.statusCode).toBe(400);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toBeTruthy();
    const left = await ctx.app.db.select().from(portfolios).where(eq(portfolios.userId, user.id));
    expect(left).toHaveLength(1);
  });

  it('removes sessions, portfolios, sites, resumes, mail and unshared images; keeps payments without the user', async () => {
    const user = await register(ctx.app);
    const neighbour = await register(ctx.app);
    const own = await uploadImage(user, 10);
    const shared = await uploadImage(user, 250);
    // The neighbour uses the same picture (uploads are stored by content): it must stay.
    expect(await uploadImage(neighbour, 250)).toBe(shared);
    await newPortfolio(neighbour, 'Neighbour', {
      name: 'N',
      projects: [{ title: 'n', image: shared }],
    });
    const pid = await newPortfolio(user, 'Doomed', {
      name: 'Dee',
      projects: [
        { title: 'x', image: own },
        { title: 'y', image: shared },
      ],
    });
    const second = await ctx.app.accounts.createSession(user.id);
    await ctx.app.db.insert(sites).values({
      portfolioId: pid,
      userId: user.id,
      status: 'live',
      label: `doomed-${user.id}`,
    });
    await ctx.app.db.insert(resumes).values({
      userId: user.id,
      filename: 'cv.pdf',
      status: 'parsed',
      parsedData: { contact: { name: 'Dee' } },
    });
    const [payment] = await ctx.app.db
      .insert(payments)
      .values({
        userId: user.id,
        reference: `ref-${user.id}`,
        plan: 'pro',
        interval: 'month',
        amountCents: 598,
        regularCents: 598,
        status: 'completed',
      })
      .returning();
    const served = async (url: string) => (await ctx.app.inject({ url })).statusCode;
    expect(await served(own)).toBe(200);

    const res = await deleteAccount(user.token, {
      confirm: user.username.toUpperCase(),
      password: user.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account and all its data have been deleted.' });

    for (const token of [user.token!, second]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
    const db = ctx.app.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(portfolios).where(eq(portfolios.userId, user.id))).toEqual([]);
    expect(await db.select().from(sites).where(eq(sites.portfolioId, pid))).toEqual([]);
    expect(await db.select().from(resumes).where(eq(resumes.userId, user.id))).toEqual([]);
    expect(await db.select().from(mailLog).where(eq(mailLog.to, user.email))).toEqual([]);
    const [kept] = await db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept).toMatchObject({ userId: null, status: 'completed', amountCents: 598 });
    expect(await served(own)).toBe(404);
    expect(await served(shared)).toBe(200);

    // The neighbour is untouched.
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/portfolios',
      headers: bearer(neighbour.token),
    });
    expect(theirs.json()).toHaveLength(1);
  });
});
