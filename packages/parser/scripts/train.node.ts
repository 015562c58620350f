/**
 * `npm run train:parser`: trains the parser's three learned models in one process and writes
 * src/model/line-role.json, entry-line.json and head-part.json (training.node.ts: every document
 * extracted once; line roles, then entry lines, then head parts). Deterministic: run from a clean
 * clone with the real corpus beside it, it writes the committed files byte for byte
 * (check-weights.node.ts checks it).
 *
 * Flags: --check (train and print the metrics, write nothing), --validate (also train without
 * every fifth development family and report on those families), --out DIR (write there instead).
 *
 * The real documents are not in the repository (corpus/index.node.ts): without them the trainer
 * says so, keeps the committed line-role model (weights trained without them would not be the
 * committed ones) and trains the other two, which learn from generated documents only, with it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { corpusDocsNote } from '../corpus/index.node.ts';
import { lineRoleWeights } from '../src/model/line-role.ts';
import {
  loadTrainingCorpus,
  MODEL_FILES,
  modelDir,
  trainModels,
  writeWeights,
  type Trained,
  type TrainedModel,
} from './training.node.ts';

const argv = process.argv.slice(2);
const log = (s: string) => process.stderr.write(`${s}\n`);
const outArg = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : undefined;
const outDir = outArg ? path.resolve(outArg) : modelDir;

const t0 = performance.now();
const corpus = await loadTrainingCorpus();
const withReal = corpus.real.length > 0;
log(
  `data: ${corpus.development.length} generated development documents, ${corpus.real.length} real documents, extracted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
if (!withReal)
  log(
    corpusDocsNote(
      'keeping the committed line-role model and training the entry-line and head-part models with it.',
    ),
  );
const base = withReal ? {} : { lineRole: lineRoleWeights };

if (argv.includes('--validate')) {
  const fams = [...new Set(corpus.development.map((d) => d.family))];
  const val = new Set(fams.filter((_, i) => i % 5 === 4));
  const held = await trainModels(corpus, { ...base, sampleFilter: (s) => !val.has(s.group) });
  for (const [name, t] of Object.entries(held))
    log(
      `${name}, validation (${val.size} development families left out): ${t.metrics(
        t.weights,
        t.samples.filter((s) => val.has(s.group)),
      )}`,
    );
}

const trained = await trainModels(corpus, base);
if (!argv.includes('--check')) mkdirSync(outDir, { recursive: true });
for (const [name, t] of Object.entries(trained) as [TrainedModel, Trained][]) {
  log(
    `${name}: ${t.log}, trained in ${t.seconds.toFixed(1)} s; training set: ${t.metrics(t.weights, t.samples)}`,
  );
  if (argv.includes('--check')) continue;
  const file = path.join(outDir, MODEL_FILES[name]);
  await writeWeights(t, file);
  log(`wrote ${path.relative(process.cwd(), file)}`);
}
log(`train:parser took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
