import fs from 'node:fs';
import type { Review, ResumeData } from '@folio/core';
import { fixtureDocument } from '@folio/parser/fixtures';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { portfolios, resumeOriginals, resumes, users } from '../src/db/schema.ts';
import { ResumeOriginals } from '../src/features/resumes/originals.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/**
 * The original beside the form (ADR 44): the uploaded document is kept with the portfolio made
 * from it, with the parser's review and text, until the user deletes it or the portfolio.
 */
let ctx: TestContext;
const parsed: ResumeData = {
  contact: { name: 'Ada Lovelace', title: 'Analyst' },
  experience: [{ company: 'Analytical Engines', position: 'Programmer' }],
};
/** Handcrafted, as the parser gives it: where each value was read. */
const review: Review = {
  confidence: 0.82,
  uncertain: [],
  probabilities: {},
  sources: {
    'contact/name': { page: 1, box: [72, 60, 240, 84] },
    'experience/0/company': { page: 1, box: [72, 200, 300, 214] },
  },
};
const text = 'Ada Lovelace\nAnalyst\nAnalytical Engines — Programmer';

beforeAll(async () => {
  ctx = await createTestContext();
  // The document parser is replaced: this is about keeping the original, not about reading it.
  await ctx.app.close();
  ctx.app = await buildApp(ctx.settings, ctx.database, {
    logger: false,
    parser: () => Promise.resolve({ data: parsed, uncertain: [], text, review }),
  });
  await ctx.app.ready();
});
afterAll(() => ctx.close());

const pdf = Buffer.from('%PDF-1.4 generated for the test\n%%EOF');
// a generated Word file (corpus/fixtures.node.ts): the type is read from its bytes
const docx = fs.readFileSync((await fixtureDocument('docx')).file);

async function upload(token: string | null, bytes = pdf, filename = 'Ada résumé.pdf') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    payload: { filename, fileContent: bytes.toString('base64') },
  });
}

/** Parses and makes a portfolio from the parse, as the upload flow does; its id. */
async function portfolioFrom(token: string | null, name: string, bytes = pdf, filename?: string) {
  const res = await upload(token, bytes, filename);
  expect(res.statusCode, res.body).toBe(200);
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name, content: { data: parsed }, resumeId: res.json().resumeId },
  });
  expect(made.statusCode, made.body).toBe(201);
  return {
    id: made.json<{ id: number }>().id,
    resumeId: res.json<{ resumeId: number }>().resumeId,
  };
}

const get = (token: string | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const originalOf = async (token: string | null, id: number) =>
  (await get(token, `/api/portfolios/${id}/original`)).json<{ original: unknown }>().original;
const keptRows = async (resumeId: number) =>
  ctx.app.db
    .select({ id: resumeOriginals.resumeId })
    .from(resumeOriginals)
    .where(eq(resumeOriginals.resumeId, resumeId));

describe('the original beside the form', () => {
  it('is kept with the portfolio and served to its owner, with its review and text', async () => {
    const user = await register(ctx.app);
    const { id } = await portfolioFrom(user.token, 'Kept');
    const meta = await get(user.token, `/api/portfolios/${id}/original`);
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toBe('private, no-store');
    expect(meta.json()).toEqual({
      original: {
        filename: 'Ada résumé.pdf',
        kind: 'pdf',
        size: pdf.length,
        documentText: text,
        review,
      },
    });

    const file = await get(user.token, `/api/portfolios/${id}/original/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Ada r_sum_.pdf"; filename*=UTF-8''Ada%20r%C3%A9sum%C3%A9.pdf`,
    );
  });

  it('shows a Word file as its text, and a portfolio made from scratch has none', async () => {
    const user = await register(ctx.app);
    await ctx.app.db.update(users).set({ plan: 'pro' }).where(eq(users.id, user.id));
    const { id } = await portfolioFrom(user.token, 'Word', docx, 'cv.docx');
    expect(await originalOf(user.token, id)).toMatchObject({ kind: 'word', documentText: text });
    const file = await get(user.token, `/api/portfolios/${id}/original/file`);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    const scratch = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(user.token),
      payload: { name: 'Scratch', content: { data: parsed } },
    });
    expect(scratch.statusCode, scratch.body).toBe(201);
    const scratchId = scratch.json<{ id: number }>().id;
    expect(await originalOf(user.token, scratchId)).toBeNull();
    const none = await get(user.token, `/api/portfolios/${scratchId}/original/file`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This portfolio has no original document');
  });

  it('is gone once the user deletes it; the portfolio stays', async () => {
    const user = await register(ctx.app);
    const { id, resumeId } = await portfolioFrom(user.token, 'Deleted original');
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/portfolios/${id}/original`,
      headers: bearer(user.token),
    });
    expect(del.json()).toEqual({ message: 'Original document deleted' });
    expect(await originalOf(user.token, id)).toBeNull();
    expect((await get(user.token, `/api/portfolios/${id}/original/file`)).statusCode).toBe(404);
    expect(await keptRows(resumeId)).toEqual([]);
    expect((await get(user.token, `/api/portfolios/${id}`)).statusCode).toBe(200);
  });

  it('goes with its portfolio, unless another portfolio was made from the same parse', async () => {
    const user = await register(ctx.app);
    await ctx.app.db.update(users).set({ plan: 'pro' }).where(eq(users.id, user.id));
    const first = await portfolioFrom(user.token, 'First');
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/portfolios',
      headers: bearer(user.token),
      payload: { name: 'Second', content: { data: parsed }, resumeId: first.resumeId },
    });
    const secondId = again.json<{ id: number }>().id;
    const remove = (id: number) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/portfolios/${id}`,
        headers: bearer(user.token),
      });
    expect((await remove(first.id)).statusCode).toBe(200);
    expect(await keptRows(first.resumeId)).toHaveLength(1);
    expect(await originalOf(user.token, secondId)).toMatchObject({ kind: 'pdf' });
    expect((await remove(secondId)).statusCode).toBe(200);
    expect(await keptRows(first.resumeId)).toEqual([]);
  });

  it('goes with the account, and the account export holds it', async () => {
    const user = await register(ctx.app);
    const { resumeId } = await portfolioFrom(user.token, 'Exported');
    const exported = await get(user.token, '/api/account/export');
    const zip = await JSZip.loadAsync(exported.rawPayload);
    const file = zip.file(`resumes/originals/${resumeId}-Ada-re-sume.pdf`);
    expect(file, Object.keys(zip.files).join(', ')).not.toBeNull();
    expect((await file!.async('nodebuffer')).equals(pdf)).toBe(true);

    await ctx.app.db.delete(users).where(eq(users.id, user.id));
    expect(await keptRows(resumeId)).toEqual([]);
  });

  it('of a parse that made no portfolio is removed after a day', async () => {
    const user = await register(ctx.app);
    const unused = (await upload(user.token)).json<{ resumeId: number }>().resumeId;
    const { resumeId: used } = await portfolioFrom(user.token, 'Used');
    await ctx.app.db.execute(
      sql`update resume_originals set created_at = now() - interval '2 days'`,
    );
    await new ResumeOriginals(ctx.app.db).sweepUnused();
    expect(await keptRows(unused)).toEqual([]);
    expect(await keptRows(used)).toHaveLength(1);
  });

  it('is never half-kept: when storing it fails, the parse is undone and its credit given back', async () => {
    const user = await register(ctx.app);
    await ctx.app.db.execute(
      sql.raw(`create function refuse_original() returns trigger language plpgsql as $$
        begin raise exception 'simulated storage failure'; end $$`),
    );
    await ctx.app.db.execute(
      sql.raw(`create trigger refuse_original before insert on resume_originals
        for each row execute function refuse_original()`),
    );
    try {
      const res = await upload(user.token);
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.app.db.execute(sql.raw('drop trigger refuse_original on resume_originals'));
      await ctx.app.db.execute(sql.raw('drop function refuse_original'));
    }
    const rows = await ctx.app.db
      .select({ status: resumes.status, data: resumes.parsedData })
      .from(resumes)
      .where(eq(resumes.userId, user.id));
    expect(rows).toEqual([{ status: 'failed', data: null }]);
    const [account] = await ctx.app.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    expect(account?.credits).toBe(10);
    expect(
      await ctx.app.db.select().from(portfolios).where(eq(portfolios.userId, user.id)),
    ).toEqual([]);
  });
});
