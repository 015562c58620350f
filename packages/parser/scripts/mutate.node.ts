/**
 * Robustness run: N seeded mutations (truncations, bit flips, splices, zeroed ranges, zip bombs)
 * of the real corpus's documents, or of the generated test documents when those are absent,
 * through parseInWorker. Every one must end in a result or an AppError
 * within the time limit. Usage: npm exec -- node --import tsx packages/parser/scripts/mutate.node.ts [N] [SEED]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '@folio/core';
import { mutate, seeded, zipBomb } from '../src/mutations.node.ts';
import { corpusDocsDir, corpusDocsNote, hasCorpusDocs } from '../corpus/index.node.ts';
import { fixtureBytes, fixtureDocuments } from '../corpus/fixtures.node.ts';
import { closeWorkers, parseInWorker } from '../src/worker.node.ts';

const n = Number(process.argv[2] ?? 1000);
const rand = seeded(Number(process.argv[3] ?? 1));
// the real corpus's documents when they are here, else the generated test documents
if (!hasCorpusDocs())
  process.stderr.write(`${corpusDocsNote('mutating the generated test documents instead.')}\n`);
const docs = hasCorpusDocs()
  ? readdirSync(corpusDocsDir).map((f) => new Uint8Array(readFileSync(path.join(corpusDocsDir, f))))
  : (await fixtureDocuments()).map(fixtureBytes);
const counts = new Map<string, number>();
let worst = 0;
let bad = 0;
const queue = Array.from({ length: n }, (_, i) => i);
await Promise.all(
  Array.from({ length: 2 }, async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const bytes = i % 50 === 49 ? await zipBomb(64) : mutate(docs[i % docs.length]!, rand);
      const t0 = performance.now();
      let outcome: string;
      try {
        await parseInWorker(bytes);
        outcome = 'ok';
      } catch (err) {
        outcome = err instanceof AppError ? err.code : `NOT_APPERROR ${String(err)}`;
        if (!(err instanceof AppError)) bad++;
      }
      const ms = performance.now() - t0;
      worst = Math.max(worst, ms);
      if (process.env.VERBOSE) process.stderr.write(`${i} ${outcome} ${ms.toFixed(0)}ms\n`);
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    }
  }),
);
await closeWorkers();
console.log(
  Object.fromEntries(counts),
  `worst ${worst.toFixed(0)}ms`,
  bad ? `${bad} non-AppError` : 'all clear',
);
process.exitCode = bad || worst > 11_000 ? 1 : 0;
