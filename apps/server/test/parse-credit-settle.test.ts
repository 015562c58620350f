import type { ResumeData } from '@folio/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { resumes } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/**
 * A parse costs its credit only when it leads to a portfolio: when making the portfolio fails
 * after a successful parse (here the database refuses the insert, as a full disk or a dropped
 * connection would), the account has its credit back.
 */
let ctx: TestContext;
const parsed: ResumeData = { contact: { name: 'Ada Lovelace', title: 'Analyst' } };

beforeAll(async () => {
  ctx = await createTestContext();
  // The document parser is replaced: this is about credits, not about reading documents.
  await ctx.app.close();
  ctx.app = await buildApp(ctx.settings, ctx.database, {
    logger: false,
    parser: () => Promise.resolve({ data: parsed, uncertain: [] }),
  });
  await ctx.app.ready();
  // Inserting a portfolio named "Doomed" fails inside its transaction.
  await ctx.app.db.execute(
    sql.raw(`
      create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.name = 'Doomed' then raise exception 'simulated storage failure'; end if;
        return new;
      end $$`),
  );
  await ctx.app.db.execute(
    sql.raw(`create trigger refuse_doomed before insert on portfolios
      for each row execute function refuse_doomed()`),
  );
});
afterAll(() => ctx.close());

const pdf = Buffer.from('%PDF-1.4 generated for the test').toString('base64');

async function parse(token: string | null) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    payload: { filename: 'resume.pdf', fileContent: pdf },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ resumeId: number; credits: number }>();
}

const create = (token: string | null, name: string, resumeId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/portfolios',
    headers: bearer(token),
    payload: { name, template: 'modern', content: { data: parsed }, resumeId },
  });

const credits = async (token: string | null) =>
  (await ctx.app.inject({ url: '/api/user', headers: bearer(token) })).json<{ credits: number }>()
    .credits;

const statusOf = async (resumeId: number) =>
  (await ctx.app.db.select().from(resumes).where(eq(resumes.id, resumeId)))[0]?.status;

describe('the credit of a parse whose portfolio cannot be made', () => {
  it('is given back when the portfolio insert fails after a successful parse', async () => {
    const user = await register(ctx.app);
    expect(await credits(user.token)).toBe(10);
    const { resumeId, credits: afterParse } = await parse(user.token);
    expect(afterParse).toBe(9);

    const failed = await create(user.token, 'Doomed', resumeId);
    expect(failed.statusCode).toBe(500);
    expect(await credits(user.token)).toBe(10);
    expect(await statusOf(resumeId)).toBe('released');
    const list = await ctx.app.inject({ url: '/api/portfolios', headers: bearer(user.token) });
    expect(list.json()).toEqual([]);
  });

  it('is taken once when the same parse makes its portfolio on a retry, and never twice', async () => {
    const user = await register(ctx.app);
    const { resumeId } = await parse(user.token);
    expect((await create(user.token, 'Doomed', resumeId)).statusCode).toBe(500);
    expect(await credits(user.token)).toBe(10);

    // the client retries with a name the database takes: the parse costs its one credit now
    expect((await create(user.token, 'Portfolio', resumeId)).statusCode).toBe(201);
    expect(await credits(user.token)).toBe(9);
    expect(await statusOf(resumeId)).toBe('used');

    // a refused create from a settled parse gives nothing back
    const again = await create(user.token, 'Portfolio', resumeId);
    expect(again.statusCode).toBe(409);
    expect(await credits(user.token)).toBe(9);
  });

  it("refuses another account's parse without touching either account's credits", async () => {
    const [owner, other] = [await register(ctx.app), await register(ctx.app)];
    const { resumeId } = await parse(owner.token);
    const res = await create(other.token, 'Borrowed', resumeId);
    expect(res.statusCode).toBe(404);
    expect(await credits(owner.token)).toBe(9);
    expect(await credits(other.token)).toBe(10);
    expect(await statusOf(resumeId)).toBe('parsed');
  });
});
