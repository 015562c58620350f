/**
 * Parse every document of the resume corpus, write predictions to a temp dir and score them with
 * the corpus scorer (same node binary). The scorer's output is printed unchanged.
 * Corpus: $RESUME_CORPUS_DIR or ../shared/resume-corpus relative to the repository root.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseResume } from '../src/index.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = process.env.RESUME_CORPUS_DIR ?? path.resolve(repoRoot, '../shared/resume-corpus');
const docsDir = path.join(corpus, 'docs');
const pred = process.env.EVAL_PRED_DIR ?? mkdtempSync(path.join(tmpdir(), 'folio-parser-eval-'));

const files = readdirSync(docsDir)
  .filter((f) => /\.(pdf|docx?|PDF|DOCX?)$/.test(f))
  .sort();
const timings: string[] = [];
for (const f of files) {
  const t0 = performance.now();
  try {
    const data = await parseResume(
      new Uint8Array(readFileSync(path.join(docsDir, f))),
      nodePdfAssets(),
    );
    writeFileSync(
      path.join(pred, `${f.replace(/\.[^.]+$/, '')}.json`),
      `${JSON.stringify(data, null, 2)}\n`,
    );
  } catch (err) {
    process.stderr.write(`${f}: ${(err as Error).message}\n`);
  }
  timings.push(`${f} ${(performance.now() - t0).toFixed(0)}ms`);
}
if (process.env.EVAL_TIMINGS) process.stderr.write(`${timings.join('\n')}\n`);
process.stderr.write(`predictions in ${pred}\n`);
const res = spawnSync(
  process.execPath,
  [path.join(corpus, 'score.mjs'), ...process.argv.slice(2), path.join(corpus, 'gold'), pred],
  {
    encoding: 'utf8',
  },
);
process.stdout.write(res.stdout);
process.stderr.write(res.stderr);
process.exitCode = res.status ?? 1;
