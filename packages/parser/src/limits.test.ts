import { AppError } from '@folio/core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  documentXml,
  docxOf,
  longRunDocx,
  manyEntriesDocx,
  repetitiveStylesDocx,
  RESUME,
  unclosedTagsDocx,
} from './hostile.node.ts';
import { parseResume } from './index.ts';
import { TEXT_LIMITS } from './limits.ts';
import { trailingParen } from './lists.ts';
import { closeWorkers, parseInWorker } from './worker.node.ts';

afterAll(closeWorkers);

const outcome = (p: Promise<unknown>): Promise<unknown> => p.catch((e: unknown) => e);
const codeOf = async (p: Promise<unknown>) => ((await outcome(p)) as AppError).code;

/**
 * Small hostile files through the worker, with a time limit set from a normal parse measured in
 * the same worker: generous (40 times, at least 8 s), yet far below the minutes an unguarded reader
 * spent on each (ADR 15). A file that ran into the limit answers PARSE_TIMEOUT.
 */
describe('hostile documents end within the parse time limit', () => {
  let limitMs = 0;
  const parse = (bytes: Uint8Array) => outcome(parseInWorker(bytes, {}, { timeoutMs: limitMs }));

  it('a normal DOCX parses (and sets the limit for the others)', async () => {
    const normal = await docxOf({ 'word/document.xml': documentXml(RESUME) });
    await parseInWorker(normal); // warm the worker
    const t0 = performance.now();
    const data = await parseInWorker(normal);
    limitMs = Math.max(8_000, 40 * (performance.now() - t0));
    expect(data.contact?.email).toBe('ada@example.com');
  });

  it('a repetitive styles.xml (quadratic for the old expressions) still gives the resume', async () => {
    const bytes = await repetitiveStylesDocx();
    expect(bytes.length).toBeLessThan(20_000); // a few KB zipped, ~1.9 MB of XML
    const data = await parse(bytes);
    expect(data).not.toBeInstanceOf(AppError);
    expect((data as { contact?: { email?: string } }).contact?.email).toBe('ada@example.com');
  });

  it('a document.xml of 200,000 unclosed tags is refused as damaged', async () => {
    const err = await parse(await unclosedTagsDocx());
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('FILE_CORRUPT');
  });

  it.each(['letters', 'digits', 'parens'] as const)(
    'a run of 180,000 %s without a space ends in an answer, not the time limit',
    async (run) => {
      // The answer may be the resume schema refusing an overlong field (PARSE_FAILED): any
      // answer but PARSE_TIMEOUT shows that the work stayed linear in the run's length.
      const res = await parse(await longRunDocx(run));
      expect(res instanceof AppError ? res.code : 'parsed').not.toBe('PARSE_TIMEOUT');
    },
  );
});

describe('work caps', () => {
  it('a DOCX zip of 3,000 entries is refused before it is opened', async () => {
    const err = await outcome(parseResume(await manyEntriesDocx()));
    expect(err).toMatchObject({
      code: 'FILE_CORRUPT',
      message: 'The document is too large to read.',
    });
  });

  it('more paragraphs than any resume holds are refused as too large to read', async () => {
    const paras = Array.from({ length: TEXT_LIMITS.lines + 1 }, (_, i) => `Line ${i}`);
    const bytes = await docxOf({ 'word/document.xml': documentXml(paras) });
    expect(await codeOf(parseResume(bytes))).toBe('FILE_CORRUPT');
  });

  it('a styles.xml beyond its cap is left out and the document still parses', async () => {
    const data = await parseResume(await repetitiveStylesDocx(3_000_000));
    expect(data.contact?.email).toBe('ada@example.com');
  });
});

describe('trailingParen', () => {
  it('finds what /\\s*[(（][^)）]*[)）]\\s*$/u matched, on random strings', () => {
    const re = /\s*[(（][^)）]*[)）]\s*$/u;
    const alphabet = ['a', ' ', '(', ')', '（', '）', '\t'];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * alphabet.length;
    for (let n = 0; n < 5000; n++) {
      const s = Array.from({ length: 1 + (n % 14) }, () => alphabet[Math.floor(rand())]).join('');
      expect(trailingParen(s), JSON.stringify(s)).toBe(re.exec(s)?.index ?? -1);
    }
  });
});
