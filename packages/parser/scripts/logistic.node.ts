/**
 * The trainer of the parser's learned models: multinomial logistic regression by AdaGrad SGD with
 * L2, over dense features and hashed sparse ones, in a fixed seeded order (deterministic).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ResumeData } from '@folio/core';
import * as prettier from 'prettier';
import { generatedDir } from '../corpus/index.node.ts';
import { families } from '../corpus/generator/families.ts';
import { ensureGenerated } from '../corpus/generator/generate.node.ts';
import { isHeldOut } from '../corpus/generator/split.ts';
import { extractDocument } from '../src/index.ts';
import type { ModelWeights } from '../src/model/line-role.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import type { ExtractedDoc } from '../src/types.ts';

export interface Sample {
  dense: Float64Array;
  sparse: number[];
  /** The class index. */
  y: number;
  /** Where the sample comes from (a family or a document), for validation splits. */
  group: string;
}

export interface TrainOptions {
  classes: readonly string[];
  dense: number;
  buckets: number;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  /** How much a sample of class y counts (rare classes weigh more). */
  weightOf: (y: number) => number;
}

/** mulberry32: the seeded generator of the shuffle. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function trainLogistic(samples: Sample[], o: TrainOptions): ModelWeights {
  const C = o.classes.length;
  const DENSE = o.dense;
  const D = DENSE + o.buckets;
  const w = Array.from({ length: C }, () => new Float64Array(D));
  const g2 = Array.from({ length: C }, () => new Float64Array(D).fill(1e-8));
  const order = samples.map((_, i) => i);
  const rand = rng(o.seed);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const s = samples[idx]!;
      const z = new Float64Array(C);
      for (let c = 0; c < C; c++) {
        const r = w[c]!;
        let v = 0;
        for (let j = 0; j < DENSE; j++) v += r[j]! * s.dense[j]!;
        for (const b of s.sparse) v += r[DENSE + b]!;
        z[c] = v;
      }
      let max = -Infinity;
      for (const v of z) max = Math.max(max, v);
      let sum = 0;
      for (let c = 0; c < C; c++) {
        z[c] = Math.exp(z[c]! - max);
        sum += z[c]!;
      }
      const weight = o.weightOf(s.y);
      for (let c = 0; c < C; c++) {
        const err = weight * (z[c]! / sum - (c === s.y ? 1 : 0));
        if (Math.abs(err) < 1e-6) continue;
        const r = w[c]!;
        const acc = g2[c]!;
        const upd = (j: number, x: number) => {
          const g = err * x + o.l2 * r[j]!;
          acc[j]! += g * g;
          r[j]! -= (o.rate * g) / Math.sqrt(acc[j]!);
        };
        for (let j = 0; j < DENSE; j++) if (s.dense[j]) upd(j, s.dense[j]!);
        for (const b of s.sparse) upd(DENSE + b, 1);
      }
    }
  }
  return {
    version: 1,
    classes: [...o.classes],
    dense: DENSE,
    buckets: o.buckets,
    w: w.map((r) => [...r]),
  };
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** The weights rounded for the committed JSON file, with what made them. */
export const publishable = (m: ModelWeights, meta: Record<string, unknown>): ModelWeights => ({
  ...m,
  w: m.w.map((r) => r.map(round)),
  meta,
});

/** Writes weights as the repository's formatter prints them, so a retrain diffs cleanly. */
export async function writeWeights(file: string, m: ModelWeights): Promise<void> {
  const config = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(JSON.stringify(m), { ...config, parser: 'json' }));
}

/** One generated development document: its family, its extracted lines and its gold. */
export interface DevelopmentDocument {
  family: string;
  doc: ExtractedDoc;
  gold: ResumeData;
}

/**
 * The generated DEVELOPMENT documents (never the held-out families, split.ts), extracted by the
 * parser, in a fixed order. The generated corpus is a cache: it is built first when missing or
 * stale, as eval:parser does.
 */
export async function* developmentDocuments(): AsyncGenerator<DevelopmentDocument> {
  const gen = await ensureGenerated(generatedDir, { log: (s) => process.stderr.write(`${s}\n`) });
  if (gen.regenerated)
    process.stderr.write(`generated corpus rebuilt in ${(gen.ms / 1000).toFixed(1)} s\n`);
  const opts = nodePdfAssets();
  for (const fam of families) {
    if (isHeldOut(fam.name)) continue;
    const dir = path.join(generatedDir, fam.name);
    if (!existsSync(path.join(dir, 'docs'))) continue;
    for (const f of readdirSync(path.join(dir, 'docs')).filter(isDoc).sort()) {
      const goldFile = path.join(dir, 'gold', `${f.replace(/\.[^.]+$/, '')}.gold.json`);
      if (!existsSync(goldFile)) continue;
      const gold = JSON.parse(readFileSync(goldFile, 'utf8')) as ResumeData;
      const doc = await extractDocument(
        new Uint8Array(readFileSync(path.join(dir, 'docs', f))),
        opts,
      );
      yield { family: fam.name, doc, gold };
    }
  }
}

const isDoc = (f: string) => /\.(pdf|docx?)$/i.test(f);

/**
 * The end every trainer shares: with --validate, train without every fifth development family
 * and report on it; train on all samples and report; unless --check, write the weights with
 * what made them.
 */
export async function finishTraining(o: {
  samples: Sample[];
  train: (data: Sample[]) => ModelWeights;
  metrics: (m: ModelWeights, data: Sample[]) => string;
  outFile: string;
  meta: Record<string, unknown>;
  argv: readonly string[];
}): Promise<void> {
  const { samples, train, metrics } = o;
  if (o.argv.includes('--validate')) {
    const groups = [...new Set(samples.map((s) => s.group))];
    const val = new Set(groups.filter((_, i) => i % 5 === 4));
    const m = train(samples.filter((s) => !val.has(s.group)));
    process.stderr.write(
      `validation (${val.size} development families left out): ${metrics(
        m,
        samples.filter((s) => val.has(s.group)),
      )}\n`,
    );
  }
  const model = train(samples);
  process.stderr.write(`training set: ${metrics(model, samples)}\n`);
  if (o.argv.includes('--check')) return;
  await writeWeights(o.outFile, publishable(model, o.meta));
  process.stderr.write(`wrote ${path.relative(process.cwd(), o.outFile)}\n`);
}
