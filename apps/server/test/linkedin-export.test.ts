import { resumeDataSchema } from '@folio/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  planLinkedInExports,
  zipOf,
} from '../../../packages/parser/corpus/generator/linkedin-zip.ts';
import {
  climbingExport,
  linkedInExportBomb,
  manyEntriesExport,
  zipOfFiles,
} from '../../../packages/parser/src/hostile.node.ts';
import { NOT_A_LINKEDIN_EXPORT } from '../../../packages/parser/src/linkedin-files.ts';
import { resumes, users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PARSE_RATE_LIMIT: '50', PARSE_FAILURE_LIMIT: '50' });
});
afterAll(() => ctx.close());

const parse = (token: string | null, bytes: Uint8Array, filename = 'export.zip') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    payload: { filename, fileContent: Buffer.from(bytes).toString('base64') },
  });

const me = async (token: string | null) =>
  (await ctx.app.inject({ url: '/api/user', headers: bearer(token) })).json<{ credits: number }>();

const [english, chinese] = planLinkedInExports('server-test', 8).filter((d) =>
  ['en', 'zh'].includes(d.lang),
);

describe('POST /api/parse-resume with a LinkedIn data export', () => {
  it('imports it exactly, with nothing to check, and takes no credit', async () => {
    const user = await register(ctx.app);
    for (const doc of [english!, chinese!]) {
      const res = await parse(user.token, await zipOf(doc.files));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      // the answer has the schema's defaults (empty lists), as every parse's has
      expect(body.parsedData).toEqual(resumeDataSchema.parse(doc.gold));
      expect(body.uncertain).toEqual([]);
      expect(body.credits).toBe(10);
      expect(body.documentText).toContain('Positions.csv');
    }
    expect((await me(user.token)).credits).toBe(10);
    const rows = await ctx.database.db
      .select({ status: resumes.status, mime: resumes.mimeType, spent: resumes.creditSpent })
      .from(resumes)
      .where(eq(resumes.userId, user.id));
    expect(rows).toEqual([
      { status: 'parsed', mime: 'application/zip', spent: false },
      { status: 'parsed', mime: 'application/zip', spent: false },
    ]);
  });

  it('works for an account without credits, which a document upload does not', async () => {
    const user = await register(ctx.app);
    await ctx.database.db.update(users).set({ credits: 0 }).where(eq(users.id, user.id));
    const res = await parse(user.token, await zipOf(english!.files));
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(0);
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF');
    expect((await parse(user.token, pdf, 'cv.pdf')).json().error).toBe('INSUFFICIENT_CREDITS');
  });

  it('refuses any other ZIP as unsupported, saying why', async () => {
    const user = await register(ctx.app);
    const res = await parse(user.token, await zipOfFiles({ 'holiday/photo.jpg': 'x' }));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_FILE', message: NOT_A_LINKEDIN_EXPORT });
  });

  it('answers hostile archives with the DOCX limits, never a 500, and keeps serving', async () => {
    const user = await register(ctx.app);
    const cases: [string, Uint8Array, string][] = [
      ['zip bomb', await linkedInExportBomb(16), 'The document is too large to read.'],
      ['zip bomb declaring a small size', await linkedInExportBomb(16, true), ''],
      ['3,000 entries', await manyEntriesExport(), 'The document is too large to read.'],
      ['../ names', await climbingExport(), ''],
      ['absolute names', await climbingExport('/etc/Positions.csv'), ''],
    ];
    for (const [what, bytes, message] of cases) {
      const res = await parse(user.token, bytes);
      expect(res.statusCode, what).toBe(422);
      expect(res.json().error, what).toBe('FILE_CORRUPT');
      if (message) expect(res.json().message, what).toBe(message);
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    }
    expect((await me(user.token)).credits).toBe(10);
  });
});
