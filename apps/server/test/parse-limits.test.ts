/**
 * Hostile parses (ADR 15): a few-KB document could hold a parser thread for its whole time
 * limit, a failed parse costs no credit, and the route's rate limit counted per address only.
 * The account's parses are now limited too: one at a time, PARSE_RATE_LIMIT a minute and
 * PARSE_FAILURE_LIMIT failures an hour, whatever address they come from.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultMessages, type ResumeData } from '@folio/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentXml,
  docxOf,
  repetitiveStylesDocx,
  RESUME,
} from '../../../packages/parser/src/hostile.node.ts';
import { buildApp } from '../src/app.ts';
import { loadSettings } from '../src/settings.ts';
import { bearer, createTestContext, freshDatabase, register, type TestContext } from './helpers.ts';

const upload = (
  app: FastifyInstance,
  token: string | null,
  bytes: Uint8Array,
  remoteAddress = '127.0.0.1',
) =>
  app.inject({
    method: 'POST',
    url: '/api/parse-resume',
    headers: bearer(token),
    remoteAddress,
    payload: { filename: 'cv.docx', fileContent: Buffer.from(bytes).toString('base64') },
  });

const credits = async (app: FastifyInstance, token: string | null) =>
  (await app.inject({ url: '/api/user', headers: bearer(token) })).json<{ credits: number }>()
    .credits;

describe('hostile parses through POST /api/parse-resume (real parser)', () => {
  let ctx: TestContext;
  let resume: Uint8Array;
  let empty: Uint8Array;
  beforeAll(async () => {
    ctx = await createTestContext({ PARSE_RATE_LIMIT: '3', PARSE_FAILURE_LIMIT: '2' });
    resume = await docxOf({ 'word/document.xml': documentXml(RESUME) });
    empty = await docxOf({ 'word/document.xml': documentXml([]) });
  });
  afterAll(() => ctx.close());

  it('a DOCX of a few KB with a 1.9 MB repetitive styles.xml is parsed within the time limit', async () => {
    // An unguarded reader spent minutes on it: the answer was PARSE_TIMEOUT after 10 s.
    const user = await register(ctx.app);
    const bytes = await repetitiveStylesDocx();
    expect(bytes.length).toBeLessThan(20_000);
    const res = await upload(ctx.app, user.token, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ parsedData: ResumeData }>().parsedData.contact?.email).toBe(
      'ada@example.com',
    );
  });

  it('failed parses count against the account, from any address, and cost no credit', async () => {
    const user = await register(ctx.app);
    const before = await credits(ctx.app, user.token);
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      const res = await upload(ctx.app, user.token, empty, address);
      expect(res.json<{ error: string }>().error).toBe('FILE_EMPTY');
    }
    // PARSE_FAILURE_LIMIT (2) reached: a third address, and even a good document, is turned away
    const res = await upload(ctx.app, user.token, resume, '203.0.113.3');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      error: 'RATE_LIMITED',
      message: defaultMessages.RATE_LIMITED,
    });
    expect(await credits(ctx.app, user.token)).toBe(before);
    // another account from the same address is not affected
    const other = await register(ctx.app);
    expect((await upload(ctx.app, other.token, resume, '203.0.113.3')).statusCode).toBe(200);
  });

  it('PARSE_RATE_LIMIT counts the parses of an account, not only those of one address', async () => {
    const user = await register(ctx.app);
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect((await upload(ctx.app, user.token, resume, address)).statusCode).toBe(200);
    const res = await upload(ctx.app, user.token, resume, '198.51.100.4');
    expect(res.statusCode).toBe(429);
    expect(res.json<{ error: string }>().error).toBe('RATE_LIMITED');
  });
});

describe('one parse at a time per account', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  /** Parser calls; the first one is held until `release` is called. */
  const calls: string[] = [];
  let release = () => {};
  let firstCall = () => {};
  const held = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (firstCall = r));
  const parsed: ResumeData = { contact: { name: 'Ada Lovelace' } };

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
    const settings = loadSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '1000',
      APP_URL: 'http://folio.test',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    const database = await freshDatabase();
    app = await buildApp(settings, database, {
      logger: false,
      parser: async (_bytes, filename) => {
        calls.push(filename);
        if (calls.length === 1) {
          firstCall();
          await held;
        }
        return { data: parsed, uncertain: [] };
      },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('while a parse of an account runs, its next one is answered 429 without reaching the parser', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 held');
    const [a, b] = [await register(app), await register(app)];
    const first = upload(app, a.token, pdf);
    await reached; // the first parse holds a parser
    const second = await upload(app, a.token, pdf, '192.0.2.7');
    expect(second.statusCode).toBe(429);
    expect(second.json<{ error: string }>().error).toBe('RATE_LIMITED');
    expect(calls).toHaveLength(1); // it never reached the parser
    // another account parses meanwhile
    expect((await upload(app, b.token, pdf)).statusCode).toBe(200);
    release();
    expect((await first).statusCode).toBe(200);
    // once the first has ended, the account parses again
    expect((await upload(app, a.token, pdf)).statusCode).toBe(200);
  });
});
