/**
 * Fits the parser's document confidence (src/review.ts, ADR parser-review) and writes its
 * weights to src/model/review.json: a logistic model over read-level features, fitted to each
 * read's F1 on the generated held-out families and the real corpus (when its documents are
 * here; without them, on the generated families alone, with a note). Before writing, it reports
 * the review's measures with folds by source repository on the real corpus (review-eval.node.ts).
 *
 * `npm run train:review` (--check: report only, write nothing). Deterministic.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { corpusDocsNote } from '../corpus/index.node.ts';
import { REVIEW_FEATURES } from '../src/review.ts';
import {
  calibration,
  crossValidate,
  describe,
  fit,
  heldOutReads,
  measure,
  realReads,
  setWeights,
} from './review-eval.node.ts';

const outFile = fileURLToPath(new URL('../src/model/review.json', import.meta.url));
const log = (s: string) => process.stderr.write(`${s}\n`);

async function main() {
  const generated = await heldOutReads();
  const real = await realReads();
  log(`generated held-out reads: ${generated.length}; real reads: ${real.length}`);
  if (!real.length) log(corpusDocsNote('fitting on the generated held-out families only.'));
  else {
    log(`committed model, real corpus: ${describe(measure(real))}`);
    const cv = crossValidate(generated, real);
    log(`cross-validated by source repository: ${describe(measure(cv))}`);
    log(calibration(cv));
  }
  const model = fit([...generated, ...real], setWeights(generated, real));
  if (process.argv.includes('--check')) return;
  const json = {
    features: REVIEW_FEATURES,
    weights: model.weights,
    bias: model.bias,
    trainedOn: `scripts/train-review.node.ts: ${generated.length} generated held-out reads, ${real.length} real reads; target each read's F1`,
  };
  // as the repository's formatter prints it, so a retrain writes the committed bytes
  const config = (await prettier.resolveConfig(outFile)) ?? {};
  const text = await prettier.format(JSON.stringify(json), { ...config, parser: 'json' });
  if (!existsSync(outFile) || readFileSync(outFile, 'utf8') !== text) writeFileSync(outFile, text);
  log(`wrote ${path.relative(process.cwd(), outFile)}`);
}

await main();
