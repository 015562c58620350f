/**
 * The honest real score and the ablation, for eval.node.ts.
 *
 * The line-role model learns from the real corpus, so the real corpus scored with the committed
 * models is an in-sample score. Cross-validated: the real documents are dealt into folds by source
 * repository (corpus/index.node.ts, the review's folds too); for each fold the three models are
 * trained without its documents (training.node.ts, the same code as `npm run train:parser`), and
 * each of its documents is read with them (active.ts), never with a model that saw it or its
 * repository's other documents.
 *
 * Ablation: the same reads with one model switched off at a time (and all of them: the rules
 * alone), on the cross-validated real corpus (each fold's models) and on the generated held-out
 * families (the committed models: they never learn from those families).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { ResumeData } from '@folio/core';
import { corpusDir, corpusGoldDir, generatedDir, repositoryFolds } from '../corpus/index.node.ts';
import { families } from '../corpus/generator/families.ts';
import { isHeldOut } from '../corpus/generator/split.ts';
import { extractDocument, readDocument } from '../src/index.ts';
import {
  LEARNED_MODELS,
  withModels,
  type LearnedModel,
  type ModelChoice,
} from '../src/model/active.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import type { ExtractedDoc } from '../src/types.ts';
import type { TrainingCorpus } from './training.node.ts';
import { trainModels } from './training.node.ts';

const log = (s: string) => process.stderr.write(`${s}\n`);

/**
 * The parse as the scorer reads it: its gold files know no volunteering section and list
 * volunteering among the activities (`extracurricular`), so volunteering entries are scored
 * there, as the line each was read from. Custom sections are not scored.
 */
export function forScorer(data: ResumeData): ResumeData {
  if (!data.volunteering?.length) return data;
  const { volunteering, ...rest } = data;
  const lines = volunteering
    .map((v) => [v.role, v.organisation].filter(Boolean).join(', '))
    .filter(Boolean);
  return { ...rest, extracurricular: [...(rest.extracurricular ?? []), ...lines] };
}

/** A document to read: its name (for NAME.json) and extraction, and the models it is read with. */
export interface ToRead {
  name: string;
  doc: ExtractedDoc;
  models: ModelChoice;
}

/** Reads each document with its models (and `over` on top) into predDir/NAME.json. */
export async function readAllInto(
  docs: readonly ToRead[],
  predDir: string,
  over: ModelChoice = {},
): Promise<void> {
  mkdirSync(predDir, { recursive: true });
  for (const d of docs) {
    try {
      const { data } = await withModels({ ...d.models, ...over }, () => readDocument(d.doc));
      writeFileSync(
        path.join(predDir, `${d.name}.json`),
        `${JSON.stringify(forScorer(data), null, 2)}\n`,
      );
    } catch (err) {
      log(`${d.name}: ${(err as Error).message}`);
    }
  }
}

/** The scorer's output for gold and predictions (score.mjs, same node binary). */
export function scoreDirs(goldDir: string, predDir: string): string {
  const res = spawnSync(process.execPath, [path.join(corpusDir, 'score.mjs'), goldDir, predDir], {
    encoding: 'utf8',
  });
  process.stderr.write(res.stderr);
  return res.stdout;
}

export const overallF1 = (out: string): string => /overall F1=(\S+)/.exec(out)?.[1] ?? 'n/a';

export interface CrossValidation {
  /** Every real document with the models of its fold. */
  reads: ToRead[];
  folds: number;
  /** Seconds spent training each fold's three models. */
  foldSeconds: number[];
}

/**
 * Trains the three models once per fold of the real corpus (by source repository: one fold per
 * repository, or `count` folds) without that fold's documents.
 */
export async function crossValidate(
  corpus: TrainingCorpus,
  count?: number,
): Promise<CrossValidation> {
  const folds = repositoryFolds(
    corpus.real.map((d) => d.file),
    count,
  );
  const reads: ToRead[] = [];
  const foldSeconds: number[] = [];
  for (const [i, fold] of folds.entries()) {
    const inFold = new Set(fold);
    const t = performance.now();
    const m = await trainModels(corpus, { leaveOut: (d) => inFold.has(d.file) });
    foldSeconds.push((performance.now() - t) / 1000);
    const models: ModelChoice = {
      'line-role': m['line-role']?.weights ?? null,
      'entry-line': m['entry-line']?.weights ?? null,
      'head-part': m['head-part']?.weights ?? null,
    };
    const docs = corpus.real.filter((d) => inFold.has(d.file));
    const repos = [...new Set(docs.map((d) => d.repository))];
    log(
      `fold ${i + 1}/${folds.length}: ${docs.length} documents from ${repos.length} repositories left out; models trained in ${foldSeconds[i]!.toFixed(1)} s`,
    );
    for (const d of docs) reads.push({ name: d.name, doc: d.doc, models });
  }
  return { reads, folds: folds.length, foldSeconds };
}

/** The ablation's rows: which models are off. */
export const ABLATIONS: { label: string; off: readonly LearnedModel[] }[] = [
  { label: 'all models on', off: [] },
  ...LEARNED_MODELS.map((m) => ({ label: `${m} off`, off: [m] })),
  { label: 'all off (rules alone)', off: LEARNED_MODELS },
];

const offChoice = (off: readonly LearnedModel[]): ModelChoice =>
  Object.fromEntries(off.map((m) => [m, null]));

const isDoc = (f: string) => /\.(pdf|docx?)$/i.test(f);

/** The generated held-out families, extracted once, with one gold folder for all of them. */
export async function heldOutSet(workDir: string): Promise<{ reads: ToRead[]; goldDir: string }> {
  const goldDir = path.join(workDir, 'ablation-held-out-gold');
  mkdirSync(goldDir, { recursive: true });
  const opts = nodePdfAssets();
  const reads: ToRead[] = [];
  for (const f of families.filter((x) => isHeldOut(x.name))) {
    const dir = path.join(generatedDir, f.name);
    if (!existsSync(path.join(dir, 'gold'))) continue;
    for (const file of readdirSync(path.join(dir, 'docs')).filter(isDoc).sort()) {
      const name = file.replace(/\.[^.]+$/, '');
      const gold = path.join(dir, 'gold', `${name}.gold.json`);
      if (!existsSync(gold)) continue;
      symlinkSync(gold, path.join(goldDir, `${name}.gold.json`));
      const bytes = new Uint8Array(readFileSync(path.join(dir, 'docs', file)));
      reads.push({ name, doc: await extractDocument(bytes, opts), models: {} });
    }
  }
  return { reads, goldDir };
}

/**
 * The ablation table: overall F1 with every model on, each one off, and all off, on the
 * cross-validated real corpus and the generated held-out families.
 */
export async function ablationTable(
  cv: CrossValidation | undefined,
  heldOut: { reads: ToRead[]; goldDir: string },
  workDir: string,
): Promise<string> {
  const rows: string[][] = [];
  for (const [i, a] of ABLATIONS.entries()) {
    const over = offChoice(a.off);
    const cells = [a.label];
    if (cv) {
      const pred = path.join(workDir, `ablation-${i}-real`);
      await readAllInto(cv.reads, pred, over);
      cells.push(overallF1(scoreDirs(corpusGoldDir, pred)));
    }
    const pred = path.join(workDir, `ablation-${i}-held-out`);
    await readAllInto(heldOut.reads, pred, over);
    cells.push(overallF1(scoreDirs(heldOut.goldDir, pred)));
    rows.push(cells);
  }
  const head = [
    'models',
    ...(cv ? [`real, cross-validated (${cv.reads.length})`] : []),
    `held-out generated (${heldOut.reads.length})`,
  ];
  const width = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const fmt = (r: string[]) =>
    r.map((x, c) => (c ? x.padStart(width[c]!) : x.padEnd(width[c]!))).join('  ');
  return [fmt(head), ...rows.map(fmt)].join('\n');
}
