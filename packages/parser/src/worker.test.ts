import { readFileSync } from 'node:fs';
import { AppError } from '@folio/core';
import { afterAll, describe, expect, it } from 'vitest';
import { mutate, seeded } from './mutations.node.ts';
import { fixtureBytes, fixtureDocuments } from '../corpus/fixtures.node.ts';
import { slowPdf, textPdf, zipBombDocx } from './testing.node.ts';
import {
  closeWorkers,
  liveWorkers,
  parseInWorker,
  parserWorkers,
  warmWorkers,
} from './worker.node.ts';

afterAll(closeWorkers);

describe('parseInWorker', () => {
  it('parses in a worker process', async () => {
    const data = await parseInWorker(textPdf(['Grace Hopper', 'grace@example.com']));
    expect(data.contact?.email).toBe('grace@example.com');
  });
  it("leaves the caller's bytes as they were (a small Buffer shares Node's pool)", async () => {
    const buffer = Buffer.from(textPdf(['Grace Hopper', 'grace@example.com']));
    const neighbour = Buffer.from('kept');
    const data = await parseInWorker(buffer);
    expect(data.contact?.email).toBe('grace@example.com');
    expect(buffer.toString('latin1', 0, 5)).toBe('%PDF-');
    expect(neighbour.toString()).toBe('kept');
  });
  it('rejects with PARSE_TIMEOUT when the parse runs past the time limit', async () => {
    // a million drawing operators: seconds of work for any reader, far past 500 ms
    const err = await parseInWorker(slowPdf(1), {}, { timeoutMs: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('PARSE_TIMEOUT');
    // the pool recovers: the timed-out worker is replaced
    const data = await parseInWorker(textPdf(['Grace Hopper', 'grace@example.com']));
    expect(data.contact?.email).toBe('grace@example.com');
  });
  it("does not count a new worker's start-up in the time limit", async () => {
    await closeWorkers();
    // On a busy machine a cold worker's module loading alone can pass 10 s (the default limit);
    // the limit starts once the worker is ready, so a two-line document still parses.
    const data = await parseInWorker(textPdf(['Ada Lovelace', 'ada@example.com']));
    expect(data.contact?.email).toBe('ada@example.com');
  });
  it('takes the first parse in the worker started ahead of it', async () => {
    await closeWorkers();
    warmWorkers();
    warmWorkers(); // a second call while one is there starts nothing
    expect(await liveWorkers()).toBe(1);
    const data = await parseInWorker(textPdf(['Ada Lovelace', 'ada@example.com']));
    expect(data.contact?.email).toBe('ada@example.com');
    expect(await liveWorkers()).toBe(1);
  });
  it('rejects a zip bomb with a clear error', async () => {
    const err = await parseInWorker(await zipBombDocx(12)).catch((e: unknown) => e);
    expect((err as AppError).code).toBe('FILE_CORRUPT');
  });
});

describe('the queue in front of the workers', () => {
  const small = textPdf(['Grace Hopper', 'grace@example.com']);
  // made once: making it takes seconds on a loaded machine, longer than a slow parse's limit
  const slow4 = slowPdf(4);
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: unknown) => (e instanceof AppError ? e.code : String(e)),
    );

  /** Every worker started and warm (parses for keys of their own take them all). */
  const warmAll = () =>
    Promise.all(
      Array.from({ length: parserWorkers }, (_, i) =>
        // a fresh process's first parse loads the models: seconds on a loaded machine
        parseInWorker(small, {}, { keys: [`warm:${i}`], timeoutMs: 60_000 }),
      ),
    );

  it("runs one key's slow parses on all workers but one, and another key's parse meanwhile", async () => {
    await warmAll();
    const slow = Array.from({ length: 4 }, (_, i) =>
      outcome(
        // (12 s: far past the small parse even on a machine loaded many times over)
        parseInWorker(slow4, {}, { timeoutMs: 12_000, keys: [`account:${i}`, 'address:a'] }),
      ),
    );
    let slowDone = 0;
    for (const s of slow) void s.then(() => slowDone++);
    const data = await parseInWorker(small, {}, { keys: ['account:9', 'address:b'] });
    expect(data.contact?.email).toBe('grace@example.com');
    expect(slowDone).toBe(0); // it did not wait for any of them
    // cut off by the time limit (or the heap's, whichever a loaded machine reaches first)
    for (const o of await Promise.all(slow)) expect(['PARSE_TIMEOUT', 'FILE_CORRUPT']).toContain(o);
  }, 60_000);

  it('gives the next free worker to the smaller of two documents from one sender', async () => {
    await warmAll();
    // Every worker taken; one comes free after 2 s (replaced by a new process, whose start-up
    // takes seconds on a busy machine), the others after 20 s.
    const slow = Array.from({ length: parserWorkers }, (_, i) =>
      outcome(
        parseInWorker(slow4, {}, { timeoutMs: i === 0 ? 2_000 : 20_000, keys: [`hog:${i}`] }),
      ),
    );
    const large = textPdf(Array.from({ length: 400 }, (_, i) => `Line ${i} of a long document`));
    expect(large.length).toBeGreaterThan(small.length * 5);
    const finished: string[] = [];
    const first = parseInWorker(large, {}, { keys: ['address:n'] }).then(() =>
      finished.push('large'),
    );
    const second = parseInWorker(small, {}, { keys: ['address:n'] }).then(() =>
      finished.push('small'),
    );
    await Promise.all([first, second, ...slow]);
    expect(finished).toEqual(['small', 'large']);
  }, 60_000);

  it('answers PARSE_BUSY when no worker comes free in time', async () => {
    await warmAll();
    const slow = Array.from({ length: parserWorkers }, (_, i) =>
      outcome(parseInWorker(slow4, {}, { timeoutMs: 3_000, keys: [`address:${i}`] })),
    );
    // every worker is taken (by keys of their own): the next parse waits, and gives up
    const busy = await outcome(parseInWorker(small, {}, { queueMs: 300, keys: ['address:x'] }));
    expect(busy).toBe('PARSE_BUSY');
    for (const o of await Promise.all(slow)) expect(['PARSE_TIMEOUT', 'FILE_CORRUPT']).toContain(o);
  }, 60_000);
});

describe('robustness: mutated corpus documents (seeded sample)', () => {
  it('survives a damaged PDF that drives pdf.js past the heap limit in one allocation', async () => {
    // A mutation of a corpus PDF. In a worker thread it aborted the whole process past the
    // thread's resourceLimits (nodejs/node#47224): one upload took the server down.
    const bytes = new Uint8Array(
      readFileSync(new URL('../test-fixtures/pdfjs-heap-bomb.pdf', import.meta.url)),
    );
    // (a time limit far past the heap's: on a busy machine the clock must not decide first)
    const err = await parseInWorker(bytes, {}, { timeoutMs: 90_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('FILE_CORRUPT');
    const data = await parseInWorker(textPdf(['Grace Hopper', 'grace@example.com']));
    expect(data.contact?.email).toBe('grace@example.com');
  }, 120_000);
  it('ends every mutation in a result or an AppError within the limit', async () => {
    // generated PDF, DOCX (and DOC with LibreOffice) documents, mutated
    const docs = (await fixtureDocuments()).map(fixtureBytes);
    const rand = seeded(42);
    const cases = Array.from({ length: 16 }, (_, i) => mutate(docs[i % docs.length]!, rand));
    const outcomes: string[] = [];
    // Each parse is cut off by the worker's own time limit, so every case ends: in a result or
    // an AppError (a hang would fail the test by its own timeout, not by a timed assertion).
    const run = async (bytes: Uint8Array) => {
      try {
        await parseInWorker(bytes, {}, { timeoutMs: 10_000 });
        outcomes.push('ok');
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        outcomes.push((err as AppError).code);
      }
    };
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        for (let b = queue.shift(); b; b = queue.shift()) await run(b);
      }),
    );
    expect(outcomes).toHaveLength(cases.length);
  }, 300_000); // the first run on a machine generates the documents
});
