/**
 * How good the parser's review is (ADR parser-review), shared by train-review.node.ts and
 * eval.node.ts:
 * - reads: every document of a set parsed with its review, its F1 against gold (the real
 *   corpus's scorer, score.mjs) and the items of the read that are wrong;
 * - the wrong items: a contact field, an experience or education entry's field that is not what
 *   the gold says (or says nothing of), an entry of no gold entry, and what is missing (a field of
 *   an entry, an entry of a section: the entry or the section is where a mark can point);
 * - the three measures: the share of wrong items marked (a mark on the item or on what holds it),
 *   the share of marks that point at something wrong (on those sections), and how many poor reads
 *   (F1 < 0.7) get a document confidence below REVIEW_WARNING_BELOW.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REVIEW_WARNING_BELOW, type ResumeData, type UncertainField } from '@folio/core';
import {
  corpusDir,
  corpusDocsDir,
  corpusGoldDir,
  generatedDir,
  hasCorpusDocs,
  hasOrdinaryDocs,
  ordinaryDocsDir,
  ordinaryGoldDir,
  ordinaryRepository,
  sourceRepository,
} from '../corpus/index.node.ts';
import { families } from '../corpus/generator/families.ts';
import { ensureGenerated } from '../corpus/generator/generate.node.ts';
import { isHeldOut } from '../corpus/generator/split.ts';
import { extractDocument, readDocument } from '../src/index.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import { checkCandidates, CHECK_DIM, type CheckCandidate } from '../src/model/field-check.ts';
import { REVIEW_FEATURES, reviewFeatures, reviewMarks } from '../src/review.ts';
import { linkedInLayout } from '../src/linkedin/layout.ts';
import { locate } from '../src/sources.ts';

interface Counts {
  tp: number;
  gold: number;
  pred: number;
}
interface Scorer {
  scoreFile: (gold: unknown, pred: unknown) => { groups: Record<string, Counts> };
  tokenF1: (a: string, b: string) => number;
  strMatch: (a: string, b: string) => boolean;
  phoneMatch: (a: string, b: string) => boolean;
  urlMatch: (a: string, b: string) => boolean;
  emailMatch: (a: string, b: string) => boolean;
}
const scorer = (await import(pathToFileURL(path.join(corpusDir, 'score.mjs')).href)) as Scorer;

/** One document read, with what the review needs to be judged. */
export interface Read {
  name: string;
  /** The group it is held out with: its source repository, or its generated family. */
  group: string;
  f1: number;
  features: number[];
  confidence: number;
  /** The review's marks (with section marks by the committed model's confidence). */
  uncertain: UncertainField[];
  /** The read's own marks, before section marks. */
  base: UncertainField[];
  wrong: string[];
  data: ResumeData;
  /** What the field model judges (model/field-check.ts), and which of them are wrong. */
  candidates: CheckCandidate[];
  /** The document's own marks (decision points'), to build the review's marks anew. */
  raw: UncertainField[];
  /** Each candidate's probability of being right, by a field model that did not see the read. */
  right?: number[];
}

/** The read's F1 over all the scorer's groups (micro). */
function f1Of(gold: ResumeData, data: ResumeData): number {
  const g = scorer.scoreFile(gold, data).groups;
  const c = Object.values(g).reduce(
    (a, x) => ({ tp: a.tp + x.tp, gold: a.gold + x.gold, pred: a.pred + x.pred }),
    { tp: 0, gold: 0, pred: 0 },
  );
  return c.gold + c.pred ? (2 * c.tp) / (c.gold + c.pred) : 1;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
type Obj = Record<string, unknown>;

function contactWrong(gold: Obj, pred: Obj, out: string[]): void {
  const match = (f: string, a: string, b: string) =>
    f === 'phone'
      ? scorer.phoneMatch(a, b)
      : f === 'email'
        ? scorer.emailMatch(a, b)
        : ['linkedin', 'github', 'portfolio'].includes(f)
          ? scorer.urlMatch(a, b)
          : scorer.strMatch(a, b);
  for (const f of ['name', 'title', 'email', 'phone', 'linkedin', 'github', 'location']) {
    const g = str(gold[f]);
    const p = str(pred[f]);
    if (p && (!g || !match(f, g, p))) out.push(`contact/${f}`);
    else if (g && !p) out.push(`contact/${f}`);
  }
}

/** The scorer's greedy entry alignment (best pairs first, each entry once). */
function align(golds: Obj[], preds: Obj[], score: (g: Obj, p: Obj) => number) {
  const pairs: [number, number, number][] = [];
  golds.forEach((g, i) =>
    preds.forEach((p, j) => {
      const s = score(g, p);
      if (s >= 0.4) pairs.push([s, i, j]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const ug = new Set<number>();
  const up = new Map<number, number>();
  for (const [, i, j] of pairs) {
    if (ug.has(i) || up.has(j)) continue;
    ug.add(i);
    up.set(j, i);
  }
  return { byPred: up, goldMissing: golds.length - ug.size };
}

function entriesWrong(
  section: 'experience' | 'education',
  gold: Obj[],
  pred: Obj[],
  out: string[],
): void {
  const f1 = (g: Obj, p: Obj, f: string) =>
    str(g[f]) && str(p[f]) ? scorer.tokenF1(str(g[f]), str(p[f])) : 0;
  const fields =
    section === 'experience'
      ? ['company', 'position', 'dates', 'location']
      : ['institution', 'degree', 'field_of_study', 'dates'];
  const score =
    section === 'experience'
      ? (g: Obj, p: Obj) =>
          0.45 * f1(g, p, 'company') + 0.45 * f1(g, p, 'position') + 0.1 * f1(g, p, 'dates')
      : (g: Obj, p: Obj) => f1(g, p, 'institution') * 0.6 + f1(g, p, 'degree') * 0.4;
  const { byPred, goldMissing } = align(gold, pred, score);
  pred.forEach((p, j) => {
    const i = byPred.get(j);
    if (i === undefined) return void out.push(`${section}/${j}`);
    const g = gold[i]!;
    for (const f of fields) {
      const a = str(g[f]);
      const b = str(p[f]);
      if ((b && (!a || !scorer.strMatch(a, b))) || (a && !b)) out.push(`${section}/${j}/${f}`);
    }
  });
  for (let k = 0; k < goldMissing; k++) out.push(section);
}

/** The wrong items of a read, as paths (a section path for an entry that is missing). */
export function wrongItems(gold: ResumeData, data: ResumeData): string[] {
  const out: string[] = [];
  contactWrong(gold.contact ?? {}, data.contact ?? {}, out);
  entriesWrong('experience', gold.experience ?? [], data.experience ?? [], out);
  entriesWrong('education', gold.education ?? [], data.education ?? [], out);
  return out;
}

const SCOPE = /^(?:contact|experience|education)(?:\/|$)/;

/** A mark covers a path when it names it or what holds it. */
const covers = (mark: string, p: string) => p === mark || p.startsWith(`${mark}/`);

export interface Measures {
  wrong: number;
  wrongMarked: number;
  marks: number;
  marksOnWrong: number;
  poor: number;
  poorWarned: number;
  good: number;
  goodWarned: number;
}

export function measure(
  reads: readonly Read[],
  confidenceOf = (r: Read) => r.confidence,
): Measures {
  const m: Measures = {
    wrong: 0,
    wrongMarked: 0,
    marks: 0,
    marksOnWrong: 0,
    poor: 0,
    poorWarned: 0,
    good: 0,
    goodWarned: 0,
  };
  for (const r of reads) {
    const marks = [...new Set(r.uncertain.map((u) => u.path).filter((p) => SCOPE.test(p)))];
    m.wrong += r.wrong.length;
    m.wrongMarked += r.wrong.filter((w) => marks.some((k) => covers(k, w))).length;
    m.marks += marks.length;
    m.marksOnWrong += marks.filter((k) => r.wrong.some((w) => covers(k, w))).length;
    const warned = confidenceOf(r) < REVIEW_WARNING_BELOW;
    if (r.f1 < 0.7) {
      m.poor++;
      if (warned) m.poorWarned++;
    } else {
      m.good++;
      if (warned) m.goodWarned++;
    }
  }
  return m;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

export const describe = (m: Measures): string =>
  [
    `wrong items marked ${pct(m.wrongMarked, m.wrong)} (${m.wrongMarked}/${m.wrong})`,
    `marks on wrong items ${pct(m.marksOnWrong, m.marks)} (${m.marksOnWrong}/${m.marks})`,
    `poor reads (F1<0.7) below ${REVIEW_WARNING_BELOW} ${m.poorWarned}/${m.poor}`,
    `good reads below ${REVIEW_WARNING_BELOW} ${m.goodWarned}/${m.good}`,
  ].join('; ');

const isDoc = (f: string) => /\.(pdf|docx?)$/i.test(f);

/** Reads every document of docsDir that has gold, its group from `groupOf(file)`. */
export async function readAll(
  docsDir: string,
  goldDir: string,
  groupOf: (file: string) => string,
): Promise<Read[]> {
  const reads: Read[] = [];
  const opts = nodePdfAssets();
  for (const f of readdirSync(docsDir).filter(isDoc).sort()) {
    const name = f.replace(/\.[^.]+$/, '');
    const goldFile = path.join(goldDir, `${name}.gold.json`);
    if (!existsSync(goldFile)) continue;
    const gold = JSON.parse(readFileSync(goldFile, 'utf8')) as ResumeData;
    const bytes = new Uint8Array(readFileSync(path.join(docsDir, f)));
    try {
      const doc = await extractDocument(bytes, opts);
      const r = readDocument(doc);
      if (!r.review) continue;
      const located = locate(r.data, doc);
      reads.push({
        name,
        group: groupOf(f),
        f1: f1Of(gold, r.data),
        features: reviewFeatures({
          data: r.data,
          uncertain: r.uncertain,
          probabilities: r.probabilities,
          doc,
        }),
        confidence: r.review.confidence,
        uncertain: r.review.uncertain,
        base: r.uncertain,
        wrong: wrongItems(gold, r.data),
        data: r.data,
        // (a LinkedIn profile, read by its own structure, is not judged: review.ts)
        candidates: linkedInLayout(doc)
          ? []
          : checkCandidates({
              data: r.data,
              uncertain: r.uncertain,
              decided: r.decided,
              sources: located.sources,
              linesRead: located.linesRead,
            }),
        raw: r.uncertain,
      });
    } catch (err) {
      process.stderr.write(`${f}: ${(err as Error).message}\n`);
    }
  }
  return reads;
}

/** A logistic model over the read-level features. */
export interface ReviewModel {
  weights: number[];
  bias: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
export const predict = (m: ReviewModel, x: readonly number[]) =>
  sigmoid(x.reduce((z, v, i) => z + v * (m.weights[i] ?? 0), m.bias));

/** Solves A x = b (Gaussian elimination with partial pivoting; A is small and regularised). */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
    [M[c], M[p]] = [M[p]!, M[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r]![c]! / M[c]![c]!;
      for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  return M.map((row, i) => row[n]! / row[i]!);
}

/** Ridge penalty on the weights (not the bias), per unit of total sample weight. */
const L2 = 0.0005;

/**
 * Logistic regression with soft targets (each read's F1: the share of it that is right), fitted
 * by Newton's method with an L2 penalty; samples weighed by `weightOf`. Deterministic.
 */
export function fit(reads: readonly Read[], weightOf: (r: Read) => number): ReviewModel {
  const D = REVIEW_FEATURES.length + 1;
  const total = reads.reduce((a, r) => a + weightOf(r), 0) || 1;
  let beta = new Array<number>(D).fill(0);
  const xOf = (r: Read) => [...r.features, 1];
  for (let it = 0; it < 30; it++) {
    const g = new Array<number>(D).fill(0);
    const H = Array.from({ length: D }, () => new Array<number>(D).fill(0));
    for (const r of reads) {
      const x = xOf(r);
      const w = weightOf(r) / total;
      const p = sigmoid(x.reduce((z, v, i) => z + v * beta[i]!, 0));
      for (let i = 0; i < D; i++) {
        g[i]! += w * (p - r.f1) * x[i]!;
        for (let j = 0; j < D; j++) H[i]![j]! += w * p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < D - 1; i++) {
      g[i]! += L2 * beta[i]!;
      H[i]![i]! += L2;
    }
    H[D - 1]![D - 1]! += 1e-9;
    const step = solve(H, g);
    beta = beta.map((v, i) => v - step[i]!);
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { weights: beta.slice(0, D - 1).map(round), bias: round(beta[D - 1]!) };
}

/**
 * The real set weighs REAL_WEIGHT times the generated one in total: generated reads are many and
 * nearly all good; the real ones hold the poor reads the confidence has to tell apart.
 */
const REAL_WEIGHT = 3;
export function setWeights(generated: readonly Read[], real: readonly Read[]) {
  const g = new Set(generated);
  const gw = generated.length ? 1 / generated.length : 0;
  const rw = real.length ? REAL_WEIGHT / real.length : 0;
  return (r: Read) => (g.has(r) ? gw : rw);
}

/** Cross-validated reads with their marks made at another line (from their `right`). */
export const marksAt = (reads: readonly Read[], below: number): Read[] =>
  reads.map((r) => {
    const probabilities: Record<string, number> = {};
    r.candidates.forEach((c, i) => (probabilities[c.path] = r.right?.[i] ?? 1));
    return { ...r, uncertain: reviewMarks(r.data, r.raw, r.confidence, probabilities, below) };
  });

/** One candidate of the field model as a training sample: wrong (1) or right (0). */
interface Sample {
  x: number[];
  y: number;
  w: number;
}

const FIELD_L2 = 0.0005;

/** Binary logistic regression by Newton's method with an L2 penalty; deterministic. */
export function fitLogistic(samples: readonly Sample[], dim: number): ReviewModel {
  const D = dim + 1;
  const total = samples.reduce((a, s) => a + s.w, 0) || 1;
  let beta = new Array<number>(D).fill(0);
  for (let it = 0; it < 25; it++) {
    const g = new Array<number>(D).fill(0);
    const H = Array.from({ length: D }, () => new Array<number>(D).fill(0));
    for (const s of samples) {
      const x = [...s.x, 1];
      const w = s.w / total;
      const p = sigmoid(x.reduce((z, v, i) => z + v * beta[i]!, 0));
      for (let i = 0; i < D; i++) {
        if (!x[i]) continue;
        g[i]! += w * (p - s.y) * x[i]!;
        for (let j = 0; j < D; j++) if (x[j]) H[i]![j]! += w * p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < D - 1; i++) {
      g[i]! += FIELD_L2 * beta[i]!;
      H[i]![i]! += FIELD_L2;
    }
    H[D - 1]![D - 1]! += 1e-9;
    const step = solve(H, g);
    beta = beta.map((v, i) => v - step[i]!);
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { weights: beta.slice(0, D - 1).map(round), bias: round(beta[D - 1]!) };
}

/** The field model's samples of some reads, weighed as setWeights weighs their reads. */
export function fieldSamples(reads: readonly Read[], weightOf: (r: Read) => number): Sample[] {
  const out: Sample[] = [];
  for (const r of reads) {
    const wrong = new Set(r.wrong);
    const n = r.candidates.length || 1;
    for (const c of r.candidates)
      out.push({ x: c.features, y: wrong.has(c.path) ? 1 : 0, w: weightOf(r) / n });
  }
  return out;
}

export const fitFields = (reads: readonly Read[], weightOf: (r: Read) => number) =>
  fitLogistic(fieldSamples(reads, weightOf), CHECK_DIM);

/** The mean probability, by a field model, that a read's fields and entries are wrong. */
export const doubtOf = (r: Read, fields: ReviewModel): number =>
  r.candidates.length
    ? r.candidates.reduce((a, c) => a + predict(fields, c.features), 0) / r.candidates.length
    : 0;

/** A read's marks as the review would make them with a field model and a document confidence. */
export function marksWith(r: Read, fields: ReviewModel | null, confidence: number, below?: number) {
  const probabilities: Record<string, number> = {};
  if (fields) for (const c of r.candidates) probabilities[c.path] = 1 - predict(fields, c.features);
  return reviewMarks(r.data, r.raw, confidence, probabilities, below);
}

/**
 * Both review models by folds of source repository: each repository's reads are scored by a
 * document model and a field model fitted on the generated held-out families and the other
 * repositories.
 */
export function crossValidateAll(generated: readonly Read[], real: readonly Read[]): Read[] {
  const out: Read[] = [];
  for (const group of [...new Set(real.map((r) => r.group))]) {
    const train = real.filter((r) => r.group !== group);
    const weigh = setWeights(generated, train);
    const byName = new Map([...generated, ...train].map((r) => [r.name, r]));
    const fm = fitFields([...generated, ...train], weigh);
    // the document model reads the fold's field model's doubt (the last feature)
    const withDoubt = (r: Read): Read => ({
      ...r,
      features: [...r.features.slice(0, -1), doubtOf(r, fm)],
    });
    const m = fit([...generated, ...train].map(withDoubt), (r) => weigh(byName.get(r.name) ?? r));
    for (const r of real.filter((x) => x.group === group)) {
      const confidence = Math.round(predict(m, withDoubt(r).features) * 1000) / 1000;
      out.push({
        ...r,
        confidence,
        uncertain: marksWith(r, fm, confidence),
        right: r.candidates.map((c) => 1 - predict(fm, c.features)),
      });
    }
  }
  return out;
}

/** How many wrong items are of each kind: a contact field, an entry's field, an entry, a section. */
export function wrongKinds(reads: readonly Read[]): string {
  const n = new Map<string, number>();
  for (const r of reads)
    for (const w of r.wrong) {
      const k = w.replace(/\/\d+/, '/#');
      n.set(k, (n.get(k) ?? 0) + 1);
    }
  return [...n.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** Calibration of the field model: mean probability of being right against the share right. */
export function fieldCalibration(reads: readonly Read[]): string {
  const bins = [0, 0.5, 0.7, 0.85, 0.95, 1.01];
  const rows: string[] = [];
  const all = reads.flatMap((r) => {
    const wrong = new Set(r.wrong);
    return r.candidates.map((c, i) => ({ p: r.right?.[i] ?? 1, ok: !wrong.has(c.path) }));
  });
  for (let i = 0; i + 1 < bins.length; i++) {
    const xs = all.filter((x) => x.p >= bins[i]! && x.p < bins[i + 1]!);
    if (!xs.length) continue;
    const mean = xs.reduce((a, x) => a + x.p, 0) / xs.length;
    const right = xs.filter((x) => x.ok).length / xs.length;
    rows.push(
      `  fields and entries at P(right) ${bins[i]}–${Math.min(1, bins[i + 1]!)}: ${xs.length}, mean P ${mean.toFixed(3)}, share right ${right.toFixed(3)}`,
    );
  }
  return rows.join('\n');
}

/** Calibration: mean confidence against mean F1, by bins of confidence. */
export function calibration(reads: readonly Read[]): string {
  const bins = [0, 0.5, 0.7, 0.85, 1.01];
  const rows: string[] = [];
  for (let i = 0; i + 1 < bins.length; i++) {
    const xs = reads.filter((r) => r.confidence >= bins[i]! && r.confidence < bins[i + 1]!);
    if (!xs.length) continue;
    const mean = (f: (r: Read) => number) => xs.reduce((a, r) => a + f(r), 0) / xs.length;
    rows.push(
      `  confidence ${bins[i]}–${Math.min(1, bins[i + 1]!)}: ${xs.length} reads, mean confidence ${mean((r) => r.confidence).toFixed(3)}, mean F1 ${mean((r) => r.f1).toFixed(3)}`,
    );
  }
  const brier = reads.reduce((a, r) => a + (r.confidence - r.f1) ** 2, 0) / (reads.length || 1);
  return `${rows.join('\n')}\n  mean squared error of confidence against F1: ${brier.toFixed(4)}`;
}

const log = (s: string) => process.stderr.write(`${s}\n`);

/** The generated held-out families' reads (never used to change the parser's rules). */
export async function heldOutReads(): Promise<Read[]> {
  await ensureGenerated(generatedDir, { log });
  const reads: Read[] = [];
  for (const f of families.filter((x) => isHeldOut(x.name))) {
    const dir = path.join(generatedDir, f.name);
    if (!existsSync(path.join(dir, 'docs'))) continue;
    reads.push(...(await readAll(path.join(dir, 'docs'), path.join(dir, 'gold'), () => f.name)));
  }
  return reads;
}

/**
 * The ordinary corpus's reads, grouped by source repository. The parser never learns from them;
 * the review models are fitted and scored on them only with folds by repository (ADR 51), and
 * only aggregate measures are printed.
 */
export const isOrdinaryRead = (r: Read) => r.group.startsWith('ordinary:');

export async function ordinaryReads(): Promise<Read[]> {
  if (!hasOrdinaryDocs()) return [];
  return readAll(ordinaryDocsDir, ordinaryGoldDir, ordinaryRepository);
}

/** The real corpus's reads, grouped by source repository (one fold each, corpus/index.node.ts). */
export async function realReads(): Promise<Read[]> {
  if (!hasCorpusDocs()) return [];
  return readAll(corpusDocsDir, corpusGoldDir, sourceRepository);
}
