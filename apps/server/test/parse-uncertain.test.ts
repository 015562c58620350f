import fs from 'node:fs';
import path from 'node:path';
import { corpusDocsDir } from '@folio/parser/corpus';
import { parseResumeResponseSchema, valueAtPath } from '@folio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, register, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const parse = (token: string | null, name: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    payload: {
      filename: name,
      fileContent: fs.readFileSync(path.join(corpusDocsDir, name)).toString('base64'),
    },
  });

describe('POST /api/parse-resume: what to check', () => {
  it('answers the fields the parser is unsure of, as paths into parsedData, and the text read', async () => {
    const user = await register(ctx.app);
    const res = await parse(user.token, 'zachscrivena__CV.pdf');
    expect(res.statusCode).toBe(200);
    const body = parseResumeResponseSchema.parse(res.json());
    expect(body.uncertain).toContainEqual({
      path: 'education/1/institution',
      reason: 'filled-from-above',
    });
    for (const u of body.uncertain) expect(valueAtPath(body.parsedData, u.path)).toBeTruthy();
    expect(body.documentText).toContain(body.parsedData.contact?.name);
  });

  it('answers an empty list for a resume read with certainty, and the text of a Word file', async () => {
    const user = await register(ctx.app);
    const res = await parse(user.token, 'mgorgiev__sample_resume.docx');
    expect(res.statusCode).toBe(200);
    const body = parseResumeResponseSchema.parse(res.json());
    expect(body.uncertain).toEqual([]);
    expect(body.documentText?.split('\n').length).toBeGreaterThan(10);
  });
});
