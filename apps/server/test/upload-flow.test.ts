import fs from 'node:fs';
import { fixtureDocument } from '@folio/parser/fixtures';
import { premiumTemplateMessage } from '@folio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { resumes, users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

// generated resumes (corpus/fixtures.node.ts), with what each says
const onecol = await fixtureDocument('onecol-pdf');
const pdf = fs.readFileSync(onecol.file);
const docx = fs.readFileSync((await fixtureDocument('docx')).file);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const parse = (token: string | null, file: Buffer | string, filename = 'resume.pdf') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    payload: {
      filename,
      fileContent: typeof file === 'string' ? file : file.toString('base64'),
    },
  });

const me = async (token: string | null) =>
  (await ctx.app.inject({ url: '/api/user', headers: bearer(token) })).json();

describe('POST /api/parse-resume', () => {
  it('parses a PDF and a DOCX, spending one credit each and keeping the resume', async () => {
    const user = await register(ctx.app);
    const res = await parse(user.token, pdf);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.parsedData.contact.name).toBe(onecol.gold.contact?.name);
    expect(body.parsedData.experience[0]).toMatchObject({
      company: onecol.gold.experience?.[0]?.company,
      position: onecol.gold.experience?.[0]?.position,
    });
    expect(body.credits).toBe(9);
    expect((await parse(user.token, docx, 'cv.docx')).statusCode).toBe(200);
    expect((await me(user.token)).credits).toBe(8);

    const rows = await ctx.database.db
      .select({ filename: resumes.filename, status: resumes.status, data: resumes.parsedData })
      .from(resumes)
      .where(eq(resumes.userId, user.id))
      .orderBy(resumes.id);
    expect(rows.map((r) => [r.filename, r.status, r.data !== null])).toEqual([
      ['resume.pdf', 'parsed', true],
      ['cv.docx', 'parsed', true],
    ]);
  });

  it('decides the type by content, not by name, and refuses what is not a document', async () => {
    const user = await register(ctx.app);
    const renamed = await parse(user.token, pdf, 'resume.docx');
    expect(renamed.statusCode).toBe(200);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await parse(user.token, png, 'resume.pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('UNSUPPORTED_FILE');
    // Says what the file is, whatever its name says.
    expect(res.json().message).toBe(
      'This file is a PNG image, not a PDF, DOC or DOCX document. Please choose your resume file.',
    );
    expect((await me(user.token)).credits).toBe(9);
  });

  it('gives a corrupt document its own error and costs nothing', async () => {
    const user = await register(ctx.app);
    const broken = Buffer.concat([pdf.subarray(0, 400), Buffer.alloc(200, 0x41)]);
    const res = await parse(user.token, broken);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/^FILE_|PARSE_/);
    expect((await me(user.token)).credits).toBe(10);
  });

  it('refuses files over 5 MB with the product message', async () => {
    const user = await register(ctx.app);
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await parse(user.token, big);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().message).toBe('File size must be less than 5MB');
  });

  it('with one credit left, two parses at once spend it once', async () => {
    const user = await register(ctx.app);
    await ctx.database.db
      .update(users)
      .set({ credits: 1 })
      .where(sql`id = ${user.id}`);
    const results = await Promise.all([parse(user.token, pdf), parse(user.token, pdf)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 402]);
    const refused = results.find((r) => r.statusCode === 402)!;
    expect(refused.json().message).toBe(
      'You do not have enough credits to parse a resume. Please upgrade your plan',
    );
    expect((await me(user.token)).credits).toBe(0);
  });

  it("at the plan's portfolio limit, refuses before taking a credit", async () => {
    const user = await register(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(user.token),
      payload: { name: 'Only one', content: { name: 'Ada' } },
    });
    expect(created.statusCode).toBe(201);
    const res = await parse(user.token, pdf);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your Free plan allows 1 portfolio. Upgrade your plan or delete a portfolio first.',
    );
    expect((await me(user.token)).credits).toBe(10);
  });
});

describe('portfolio creation', () => {
  it('checks names case-insensitively and creates with a unique automatic subdomain', async () => {
    const user = await register(ctx.app);
    const other = await register(ctx.app);
    const check = (token: string | null, name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portfolios/check-name',
        headers: bearer(token),
        payload: { name },
      });
    expect((await check(user.token, 'My Site')).json()).toEqual({ exists: false });

    const create = (token: string | null, name: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portfolios',
        headers: bearer(token),
        payload: { name, template: 'modern', content: { data: { contact: { name: 'Jane' } } } },
      });
    const first = await create(user.token, 'My Site');
    expect(first.statusCode).toBe(201);
    expect((await check(user.token, 'my site')).json()).toEqual({ exists: true });
    expect((await check(other.token, 'my site')).json()).toEqual({ exists: false });

    const second = await create(other.token, 'My  Site');
    const a = await ctx.app.inject({
      url: `/api/portfolios/${first.json().id}`,
      headers: bearer(user.token),
    });
    const b = await ctx.app.inject({
      url: `/api/portfolios/${second.json().id}`,
      headers: bearer(other.token),
    });
    expect(a.json().domain).toBe('my-site');
    expect(b.json().domain).toBe('my-site-2');
    expect(a.json().content.data.contact.name).toBe('Jane');

    // Someone else's portfolio does not exist for you.
    const peek = await ctx.app.inject({
      url: `/api/portfolios/${first.json().id}`,
      headers: bearer(other.token),
    });
    expect(peek.statusCode).toBe(404);
  });

  it('keeps a free account to one portfolio and free templates, and accepts the old content shape', async () => {
    const user = await register(ctx.app);
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/portfolios',
        headers: bearer(user.token),
        payload,
      });
    const premium = await post({ name: 'Fancy', template: 'galactic' });
    expect(premium.statusCode).toBe(403);
    expect(premium.json().message).toBe(premiumTemplateMessage());

    const legacy = await post({
      name: 'Old Shape',
      content: JSON.stringify({ name: 'Ann Lee', about: 'Builder of things.', skills: ['Go'] }),
    });
    expect(legacy.statusCode).toBe(201);
    const got = await ctx.app.inject({
      url: `/api/portfolios/${legacy.json().id}`,
      headers: bearer(user.token),
    });
    expect(got.json().content.data).toMatchObject({
      contact: { name: 'Ann Lee' },
      summary: 'Builder of things.',
      skills: { technical: ['Go'] },
    });

    const second = await post({ name: 'Another' });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toBe('PLAN_LIMIT');
  });
});

describe('portfolio changes', () => {
  it('saves content, refuses a stale version, and deletes only your own', async () => {
    const user = await register(ctx.app);
    const other = await register(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(user.token),
      payload: { name: 'Tabs' },
    });
    const id = created.json().id as number;
    const url = `/api/portfolios/${id}`;
    const v1 = (await ctx.app.inject({ url, headers: bearer(user.token) })).json().version;

    const patch = (token: string | null, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });
    const saved = await patch(user.token, {
      version: v1,
      content: { data: { summary: 'First tab' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().content.data.summary).toBe('First tab');

    const stale = await patch(user.token, {
      version: v1,
      content: { data: { summary: 'Second tab' } },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');
    expect(
      (await ctx.app.inject({ url, headers: bearer(user.token) })).json().content.data.summary,
    ).toBe('First tab');

    expect((await patch(other.token, { template: 'splitscreen' })).statusCode).toBe(404);
    const premium = await patch(user.token, { template: 'terminal' });
    expect(premium.json().message).toBe(premiumTemplateMessage());
    const bad = await patch(user.token, { content: { settings: { sectionOrder: ['nope'] } } });
    expect(bad.statusCode).toBe(400);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: bearer(user.token) })).statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ url, headers: bearer(user.token) })).statusCode).toBe(404);
  });
});
