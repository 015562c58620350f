/**
 * `npm run check:weights` (part of `npm test`): retrains the three learned models as
 * `npm run train:parser` does, in memory, and compares each file's bytes with the committed one
 * (src/model/*.json). A difference names the file and its first differing line and fails: the
 * committed weights are not what the committed code and data train (retrain and commit them).
 *
 * Skipped, with a note and success, when the real corpus's documents are not on this machine:
 * the line-role model learns from them, so nothing could be compared.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDocsNote, hasCorpusDocs } from '../corpus/index.node.ts';
import {
  loadTrainingCorpus,
  MODEL_FILES,
  modelDir,
  trainModels,
  weightsText,
  type Trained,
  type TrainedModel,
} from './training.node.ts';

const log = (s: string) => process.stderr.write(`${s}\n`);

if (!hasCorpusDocs()) {
  log(corpusDocsNote('skipping the weights check (it needs them to retrain the line-role model).'));
} else {
  const t0 = performance.now();
  const corpus = await loadTrainingCorpus();
  const tData = performance.now();
  const trained = await trainModels(corpus);
  const differ: string[] = [];
  for (const [name, t] of Object.entries(trained) as [TrainedModel, Trained][]) {
    const file = path.join(modelDir, MODEL_FILES[name]);
    const want = readFileSync(file, 'utf8');
    const got = await weightsText(t, file);
    if (got === want) continue;
    const a = want.split('\n');
    const b = got.split('\n');
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    differ.push(
      `${path.relative(process.cwd(), file)} differs from its retrained bytes at line ${i + 1}:\n  committed: ${(a[i] ?? '(end)').trim().slice(0, 120)}\n  retrained: ${(b[i] ?? '(end)').trim().slice(0, 120)}`,
    );
  }
  const s = (t: number) => `${((t - t0) / 1000).toFixed(1)} s`;
  log(
    `weights check: ${corpus.development.length} generated and ${corpus.real.length} real documents extracted in ${s(tData)}, trained and compared in ${s(performance.now())} in all`,
  );
  if (differ.length) {
    log(
      `${differ.join('\n')}\nthe committed weights are not what this code trains: run \`npm run train:parser\` and commit src/model/*.json`,
    );
    process.exitCode = 1;
  } else
    log(`the committed weights are reproduced byte for byte (${Object.keys(trained).join(', ')})`);
}
