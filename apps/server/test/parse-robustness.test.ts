import fs from 'node:fs';
import { fixtureDocuments } from '@folio/parser/fixtures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, seeded, zipBomb } from '../../../packages/parser/src/mutations.node.ts';
import { users } from '../src/db/schema.ts';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

/** A seeded sample in the suite; `ROBUSTNESS_COUNT=1000` runs the full set on demand. */
const count = Number(process.env.ROBUSTNESS_COUNT ?? 24);
const documentErrors = new Set([
  'FILE_CORRUPT',
  'FILE_EMPTY',
  'FILE_ENCRYPTED',
  'FILE_IMAGE_ONLY',
  'PARSE_FAILED',
  'PARSE_TIMEOUT',
  'UNSUPPORTED_FILE',
  'PAYLOAD_TOO_LARGE',
]);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    PARSE_RATE_LIMIT: String(count + 10),
    PARSE_FAILURE_LIMIT: String(count + 10),
  });
});
afterAll(() => ctx.close());

describe('mutated documents through POST /api/parse-resume', () => {
  it(
    'each ends in parsed data or a clear error, credits are only spent on success, and the server keeps answering',
    async () => {
      const user = await register(ctx.app);
      await ctx.database.db
        .update(users)
        .set({ credits: count + 5 })
        .where(eq(users.id, user.id));
      // generated PDF, DOCX (and DOC with LibreOffice) documents, mutated
      const docs = (await fixtureDocuments()).map((f) => fs.readFileSync(f.file));
      const rand = seeded(7);
      const outcomes = new Map<string, number>();
      let successes = 0;
      for (let i = 0; i < count; i++) {
        const bytes =
          i % 12 === 11 ? await zipBomb(32) : mutate(new Uint8Array(docs[i % docs.length]!), rand);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/parse-resume',
          headers: bearer(user.token),
          payload: { filename: `m${i}.pdf`, fileContent: Buffer.from(bytes).toString('base64') },
        });
        const code = res.statusCode === 200 ? 'ok' : (res.json<{ error: string }>().error ?? '?');
        outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
        if (res.statusCode === 200) successes++;
        else expect(documentErrors, `unexpected ${res.statusCode} ${res.body}`).toContain(code);
        expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      }
      const me = await ctx.app.inject({ url: '/api/user', headers: bearer(user.token) });
      expect(me.json().credits).toBe(count + 5 - successes);
      console.log('outcomes', Object.fromEntries(outcomes));
    },
    Math.max(120_000, count * 12_000),
  );
});
