/**
 * Training the parser's three learned models, shared by `npm run train:parser` (train.node.ts),
 * the weights check (check-weights.node.ts) and the cross-validated evaluation (eval.node.ts):
 *
 * - `loadTrainingCorpus` extracts every document once per run (extraction is most of the cost):
 *   the generated development families (never the held-out ones, split.ts), in family order and
 *   then by name, and the real corpus by file name, each with its gold;
 * - `trainModels` trains line roles, then entry lines on the sections the new line-role model
 *   finds, then head parts on the entries both find, each model rounded as it is committed before
 *   the next one reads with it (active.ts), so the models trained in one process are the bytes
 *   the committed files hold. `leaveOut` keeps real documents (a fold) out of every model.
 *
 * Deterministic: seeded shuffles, fixed epochs, fixed document order, no clock and no randomness
 * anywhere in the data; the generated corpus is a function of the generator's sources and seed.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResumeData } from '@folio/core';
import * as prettier from 'prettier';
import {
  corpusDocsDir,
  corpusGoldDir,
  generatedDir,
  hasCorpusDocs,
  sourceRepository,
} from '../corpus/index.node.ts';
import type { Persona } from '../corpus/generator/persona.ts';
import { families } from '../corpus/generator/families.ts';
import {
  DEFAULT_PER_FAMILY,
  DEFAULT_SEED,
  ensureGenerated,
  planFamily,
} from '../corpus/generator/generate.node.ts';
import { isHeldOut } from '../corpus/generator/split.ts';
import { extractDocument } from '../src/index.ts';
import { withModels } from '../src/model/active.ts';
import type { ModelWeights } from '../src/model/line-role.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import type { ExtractedDoc, Line } from '../src/types.ts';
import {
  ENTRY_LINE_EPOCHS,
  ENTRY_LINE_SEED,
  entryLineCounts,
  entryLineMetrics,
  entryLineSamples,
  trainEntryLine,
} from './train-entry-lines.node.ts';
import {
  HEAD_PART_EPOCHS,
  HEAD_PART_SEED,
  headPartCounts,
  headPartMetrics,
  headPartSamples,
  trainHeadPart,
} from './train-head-parts.node.ts';
import {
  LINE_ROLE_EPOCHS,
  LINE_ROLE_SEED,
  lineRoleMetrics,
  lineRoleSamples,
  trainLineRole,
} from './train-line-roles.node.ts';
import type { Sample } from './logistic.node.ts';

/** A generated development document, extracted, with its gold and the headings it printed. */
export interface DevelopmentDoc {
  family: string;
  name: string;
  lines: Line[];
  gold: ResumeData;
  headings: Persona['headings'];
}

/** A real document, extracted, with its gold and its fold (its source repository). */
export interface RealDoc {
  /** File name without extension (its gold is NAME.gold.json). */
  name: string;
  file: string;
  repository: string;
  lines: Line[];
  /** The whole extraction (the parser reads it again in cross-validation). */
  doc: ExtractedDoc;
  gold: ResumeData;
}

export interface TrainingCorpus {
  development: DevelopmentDoc[];
  real: RealDoc[];
}

const log = (s: string) => process.stderr.write(`${s}\n`);
const isDoc = (f: string) => /\.(pdf|docx?)$/i.test(f);

/**
 * Every document the models learn from, extracted once. The generated corpus is a cache: built
 * first when missing or stale. `real: false` (or no real documents here) leaves the real ones out.
 */
export async function loadTrainingCorpus(o: { real?: boolean } = {}): Promise<TrainingCorpus> {
  const gen = await ensureGenerated(generatedDir, { log });
  if (gen.regenerated) log(`generated corpus rebuilt in ${(gen.ms / 1000).toFixed(1)} s`);
  const opts = nodePdfAssets();
  const extract = (file: string) => extractDocument(new Uint8Array(readFileSync(file)), opts);
  const development: DevelopmentDoc[] = [];
  for (const fam of families) {
    if (isHeldOut(fam.name)) continue;
    const dir = path.join(generatedDir, fam.name);
    if (!existsSync(path.join(dir, 'docs'))) continue;
    for (const d of planFamily(fam, DEFAULT_SEED, DEFAULT_PER_FAMILY)) {
      const file = path.join(dir, 'docs', `${d.name}.${d.ext}`);
      if (!existsSync(file) || !existsSync(path.join(dir, 'gold', `${d.name}.gold.json`))) continue;
      development.push({
        family: fam.name,
        name: d.name,
        lines: (await extract(file)).lines,
        gold: d.gold,
        headings: d.persona.headings,
      });
    }
  }
  const real: RealDoc[] = [];
  if (o.real !== false && hasCorpusDocs())
    for (const file of readdirSync(corpusDocsDir).filter(isDoc).sort()) {
      const name = file.replace(/\.[^.]+$/, '');
      const goldFile = path.join(corpusGoldDir, `${name}.gold.json`);
      if (!existsSync(goldFile)) continue;
      const doc = await extract(path.join(corpusDocsDir, file));
      real.push({
        name,
        file,
        repository: sourceRepository(file),
        lines: doc.lines,
        doc,
        gold: JSON.parse(readFileSync(goldFile, 'utf8')) as ResumeData,
      });
    }
  return { development, real };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** The weights rounded as the committed JSON holds them. */
export const rounded = (m: ModelWeights): ModelWeights => ({
  ...m,
  w: m.w.map((r) => r.map(round)),
});

export const MODEL_FILES = {
  'line-role': 'line-role.json',
  'entry-line': 'entry-line.json',
  'head-part': 'head-part.json',
} as const;
export type TrainedModel = keyof typeof MODEL_FILES;

/** Where the committed weights live. */
export const modelDir = fileURLToPath(new URL('../src/model/', import.meta.url));

export interface Trained {
  weights: ModelWeights;
  meta: Record<string, unknown>;
  samples: Sample[];
  metrics: (m: ModelWeights, data: Sample[]) => string;
  seconds: number;
  log: string;
}

export interface TrainOptions {
  /** Real documents kept out of training (a fold of the cross-validation). */
  leaveOut?: (doc: RealDoc) => boolean;
  /** Line-role weights to read sections with instead of training them (no real documents here). */
  lineRole?: ModelWeights;
  /** Train on every development family but every fifth, for --validate. */
  sampleFilter?: (s: Sample) => boolean;
}

const since = (t: number) => (performance.now() - t) / 1000;

/** The three models, each trained with the ones before it in place. */
export async function trainModels(
  corpus: TrainingCorpus,
  o: TrainOptions = {},
): Promise<Partial<Record<TrainedModel, Trained>>> {
  const keep = o.sampleFilter ?? (() => true);
  const out: Partial<Record<TrainedModel, Trained>> = {};
  let lineRole = o.lineRole;
  if (!lineRole) {
    const t = performance.now();
    const { samples, realDocuments } = lineRoleSamples(corpus, o.leaveOut);
    lineRole = rounded(trainLineRole(samples.filter(keep)));
    out['line-role'] = {
      weights: lineRole,
      samples,
      metrics: lineRoleMetrics,
      seconds: since(t),
      log: `${samples.length} lines`,
      meta: {
        trainer: 'packages/parser/scripts/train-line-roles.node.ts',
        generatedDocuments: corpus.development.length,
        realDocuments,
        lines: samples.length,
        epochs: LINE_ROLE_EPOCHS,
        seed: LINE_ROLE_SEED,
      },
    };
  }
  const t1 = performance.now();
  const entry = await withModels({ 'line-role': lineRole }, () => entryLineSamples(corpus));
  const entryLine = rounded(trainEntryLine(entry.filter(keep)));
  out['entry-line'] = {
    weights: entryLine,
    samples: entry,
    metrics: entryLineMetrics,
    seconds: since(t1),
    log: `${entry.length} lines (${entryLineCounts(entry)})`,
    meta: {
      trainer: 'packages/parser/scripts/train-entry-lines.node.ts',
      generatedDocuments: corpus.development.length,
      lines: entry.length,
      epochs: ENTRY_LINE_EPOCHS,
      seed: ENTRY_LINE_SEED,
    },
  };
  const t2 = performance.now();
  const head = await withModels({ 'line-role': lineRole, 'entry-line': entryLine }, () =>
    headPartSamples(corpus),
  );
  out['head-part'] = {
    weights: rounded(trainHeadPart(head.samples.filter(keep))),
    samples: head.samples,
    metrics: headPartMetrics,
    seconds: since(t2),
    log: `${head.heads} entry heads, ${head.samples.length} parts (${headPartCounts(head.samples)})`,
    meta: {
      trainer: 'packages/parser/scripts/train-head-parts.node.ts',
      generatedDocuments: corpus.development.length,
      heads: head.heads,
      parts: head.samples.length,
      epochs: HEAD_PART_EPOCHS,
      seed: HEAD_PART_SEED,
    },
  };
  return out;
}

/** The committed file's text for trained weights: as the repository's formatter prints it. */
export async function weightsText(t: Trained, file: string): Promise<string> {
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify({ ...t.weights, meta: t.meta }), {
    ...config,
    parser: 'json',
  });
}

export async function writeWeights(t: Trained, file: string): Promise<void> {
  writeFileSync(file, await weightsText(t, file));
}
