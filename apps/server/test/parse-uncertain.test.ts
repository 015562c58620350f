import fs from 'node:fs';
import { fixtureFamily, type Fixture } from '@folio/parser/fixtures';
import { parseResumeResponseSchema, REVIEW_WARNING_BELOW, valueAtPath } from '@folio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const parse = (token: string | null, doc: Fixture) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    payload: { filename: doc.filename, fileContent: fs.readFileSync(doc.file).toString('base64') },
  });

// Generated resumes (corpus/fixtures.node.ts) of development families: a one-column PDF and a
// Word file; each test picks the first whose parse has (or has not) something to check.
const pdfs = await fixtureFamily('sb2nov-onecol');
const docxs = await fixtureFamily('docx-heading-styles');

describe('POST /api/parse-resume: what to check', () => {
  it('answers the fields the parser is unsure of, as paths into parsedData, and the text read', async () => {
    const user = await register(ctx.app);
    let body;
    for (const doc of pdfs) {
      const res = await parse(user.token, doc);
      expect(res.statusCode).toBe(200);
      body = parseResumeResponseSchema.parse(res.json());
      if (body.uncertain.some((u) => u.reason === 'filled-from-above')) break;
    }
    if (!body) throw new Error('no generated PDF');
    expect(body.uncertain).toContainEqual({
      path: expect.stringMatching(/^(education|experience)\/\d+\/(institution|company)$/),
      reason: 'filled-from-above',
    });
    for (const u of body.uncertain) expect(valueAtPath(body.parsedData, u.path)).toBeTruthy();
    expect(body.documentText).toContain(body.parsedData.contact?.name);
  });

  it('answers an empty list for a resume read with certainty, and the text of a Word file', async () => {
    const user = await register(ctx.app);
    let body;
    for (const doc of docxs) {
      const res = await parse(user.token, doc);
      expect(res.statusCode).toBe(200);
      body = parseResumeResponseSchema.parse(res.json());
      if (!body.uncertain.length) break;
    }
    expect(body?.uncertain).toEqual([]);
    expect(body?.documentText?.split('\n').length).toBeGreaterThan(10);
  });

  it("answers the parser's review: the read's confidence and where each value came from", async () => {
    const user = await register(ctx.app);
    const pdf = parseResumeResponseSchema.parse((await parse(user.token, pdfs[0]!)).json());
    expect(pdf.review?.confidence).toBeGreaterThanOrEqual(REVIEW_WARNING_BELOW);
    expect(pdf.review?.sources['contact/name']).toEqual({
      page: 1,
      box: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)],
    });
    const docx = parseResumeResponseSchema.parse((await parse(user.token, docxs[0]!)).json());
    const at = docx.review?.sources['contact/name'];
    if (!at || !('paragraph' in at)) throw new Error('no paragraph for the name');
    // the index of the line in the text the review shows beside the fields
    expect(docx.documentText?.split('\n')[at.paragraph]).toContain(docx.parsedData.contact?.name);
  });
});
