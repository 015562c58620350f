/**
 * Fits the parser's review models (src/review.ts, ADR parser-review and ADR 51) and writes their
 * weights:
 * - the document confidence (src/model/review.json): a logistic model over read-level features,
 *   fitted to each read's F1;
 * - the field model (src/model/field-check.json): a logistic model over each field and entry's
 *   features (model/field-check.ts), fitted to which of them were wrong;
 * both on the generated held-out families and the real corpus (when its documents are here;
 * without them, on the generated families alone, with a note). Before writing, it reports the
 * review's measures with folds by source repository on the real corpus, and on the ordinary
 * corpus (evaluation only) with the models fitted on everything else (review-eval.node.ts).
 *
 * `npm run train:review` (--check: report only, write nothing). Deterministic.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { corpusDocsNote } from '../corpus/index.node.ts';
import { CHECK_FEATURES } from '../src/model/field-check.ts';
import { REVIEW_FEATURES } from '../src/review.ts';
import {
  calibration,
  crossValidateAll,
  describe,
  fieldCalibration,
  fit,
  fitFields,
  heldOutReads,
  measure,
  ordinaryReads,
  realReads,
  setWeights,
  wrongKinds,
  doubtOf,
  isOrdinaryRead,
  marksAt,
} from './review-eval.node.ts';

const outFile = fileURLToPath(new URL('../src/model/review.json', import.meta.url));
const fieldFile = fileURLToPath(new URL('../src/model/field-check.json', import.meta.url));

/** Writes JSON as the repository's formatter prints it, so a retrain writes the committed bytes. */
async function writeJson(file: string, json: unknown) {
  const config = (await prettier.resolveConfig(file)) ?? {};
  const text = await prettier.format(JSON.stringify(json), { ...config, parser: 'json' });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  log(`wrote ${path.relative(process.cwd(), file)}`);
}
const log = (s: string) => process.stderr.write(`${s}\n`);

async function main() {
  const generated = await heldOutReads();
  const real = [...(await realReads()), ...(await ordinaryReads())];
  log(
    `generated held-out reads: ${generated.length}; real reads: ${real.filter((r) => !isOrdinaryRead(r)).length}; ordinary reads: ${real.filter(isOrdinaryRead).length}`,
  );
  if (!real.length) log(corpusDocsNote('fitting on the generated held-out families only.'));
  else {
    const cv = crossValidateAll(generated, real);
    for (const below of [0.7, 0.8, 0.85, 0.9, 0.95]) {
      const at = marksAt(cv, below);
      log(
        `cross-validated by source repository, fields marked below ${below}:\n  real: ${describe(measure(at.filter((r) => !isOrdinaryRead(r))))}\n  ordinary: ${describe(measure(at.filter(isOrdinaryRead)))}\n  both: ${describe(measure(at))}`,
      );
    }
    log(`wrong items, ordinary: ${wrongKinds(real.filter(isOrdinaryRead))}`);
    for (const [name, reads] of [
      ['real', cv.filter((r) => !isOrdinaryRead(r))],
      ['ordinary', cv.filter(isOrdinaryRead)],
    ] as const)
      log(
        `calibration, ${name}, cross-validated:\n${calibration(reads)}\n${fieldCalibration(reads)}`,
      );
  }
  const weigh = setWeights(generated, real);
  const fields = fitFields([...generated, ...real], weigh);
  // the document model reads the field model's doubt (its last feature)
  const all = [...generated, ...real];
  const byName = new Map(all.map((r) => [r.name, r]));
  const model = fit(
    all.map((r) => ({ ...r, features: [...r.features.slice(0, -1), doubtOf(r, fields)] })),
    (r) => weigh(byName.get(r.name) ?? r),
  );
  if (process.argv.includes('--check')) return;
  const trainedOn = `scripts/train-review.node.ts: ${generated.length} generated held-out reads, ${real.length} real and ordinary reads`;
  await writeJson(outFile, {
    features: REVIEW_FEATURES,
    weights: model.weights,
    bias: model.bias,
    trainedOn: `${trainedOn}; target each read's F1`,
  });
  await writeJson(fieldFile, {
    features: CHECK_FEATURES,
    weights: fields.weights,
    bias: fields.bias,
    trainedOn: `${trainedOn}; target whether each field and entry was wrong`,
  });
}

await main();
