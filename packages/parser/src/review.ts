/**
 * The parser's review of a read (`_review`, ADR parser-review): how sure it is of the whole
 * document, what to check, and where each value came from (sources.ts).
 *
 * The document confidence is a small logistic model over features of the read as a whole (how
 * much of the document the values account for, which of the usual sections were found, how dense
 * the marks are, how sure the learned decisions were), fitted to the share of the read that is
 * right (its F1 against gold) and checked by folds on the real corpus
 * (scripts/train-review.node.ts, weights in model/review.json). No text of any document and no
 * document-specific threshold: the same features for every read.
 *
 * It also marks a section that is likely incomplete (most of its entries lack a defining field)
 * or an expected section that was not found in a document that is otherwise poorly read.
 */
import {
  MAX_UNCERTAIN,
  REVIEW_WARNING_BELOW,
  type Review,
  type ResumeData,
  type UncertainField,
} from '@folio/core';
import weights from './model/review.json' with { type: 'json' };
import { locate } from './sources.ts';
import type { ExtractedDoc } from './types.ts';

/** The features, in the order of the weights. */
export const REVIEW_FEATURES = [
  'linesRead',
  'valuesFound',
  'sections',
  'marksPerEntry',
  'meanProbability',
  'minProbability',
  'unknownHeadings',
  'incompleteEntries',
  'entriesPerPage',
  'docx',
] as const;

export interface ReadFacts {
  data: ResumeData;
  uncertain: readonly UncertainField[];
  /** Probabilities the learned decisions reported (confidence.ts). */
  probabilities: readonly number[];
  doc: ExtractedDoc;
}

const entriesOf = (data: ResumeData) => [
  ...(data.experience ?? []).map((e) => !!(e.company && e.position && e.dates)),
  ...(data.education ?? []).map((e) => !!(e.institution && (e.degree || e.dates))),
];

/** The read-level features (REVIEW_FEATURES), each about 0–1. */
export function reviewFeatures(f: ReadFacts, located = locate(f.data, f.doc)): number[] {
  const { data } = f;
  const c = data.contact ?? {};
  const found = [
    !!c.name,
    !!(c.email || c.phone),
    !!data.experience?.length,
    !!data.education?.length,
    !!(data.skills?.technical?.length || data.skills?.certifications?.length),
  ];
  const entries = entriesOf(data);
  const probs = f.probabilities;
  const pages = new Set(f.doc.lines.map((l) => l.page)).size || 1;
  return [
    located.linesRead,
    located.values ? located.found / located.values : 0,
    found.filter(Boolean).length / found.length,
    Math.min(1, f.uncertain.length / Math.max(1, entries.length + 1)),
    probs.length ? probs.reduce((a, b) => a + b, 0) / probs.length : 1,
    probs.length ? Math.min(...probs) : 1,
    Math.min(1, f.uncertain.filter((u) => u.reason === 'unknown-heading').length / 5),
    entries.length ? entries.filter((ok) => !ok).length / entries.length : 1,
    Math.min(1, entries.length / pages / 8),
    f.doc.kind === 'pdf' ? 0 : 1,
  ];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probability that the read is right, from its features (model/review.json). */
export function documentConfidence(features: readonly number[]): number {
  let z = weights.bias;
  features.forEach((x, i) => (z += (weights.weights[i] ?? 0) * x));
  return Math.round(sigmoid(z) * 1000) / 1000;
}

/** Most of a section's entries lack a defining field: the section may be read wrong or cut. */
const INCOMPLETE_SHARE = 0.5;

/** Section marks: a section likely incomplete, or an expected one not found in a poor read. */
export function sectionMarks(data: ResumeData, confidence: number): UncertainField[] {
  const marks: UncertainField[] = [];
  const exp = data.experience ?? [];
  const edu = data.education ?? [];
  const share = (xs: boolean[]) => (xs.length ? xs.filter((x) => !x).length / xs.length : 0);
  if (share(exp.map((e) => !!(e.company && e.position))) >= INCOMPLETE_SHARE)
    marks.push({ path: 'experience', reason: 'low-confidence' });
  if (share(edu.map((e) => !!(e.institution && (e.degree || e.dates)))) >= INCOMPLETE_SHARE)
    marks.push({ path: 'education', reason: 'low-confidence' });
  if (confidence < REVIEW_WARNING_BELOW) {
    if (!exp.length) marks.push({ path: 'experience', reason: 'low-confidence' });
    if (!edu.length) marks.push({ path: 'education', reason: 'low-confidence' });
  }
  return marks;
}

/** The review of a finished read: confidence, marks (the read's and the sections') and sources. */
export function reviewRead(f: ReadFacts): Review {
  const located = locate(f.data, f.doc);
  const confidence = documentConfidence(reviewFeatures(f, located));
  const uncertain = [...f.uncertain, ...sectionMarks(f.data, confidence)].slice(0, MAX_UNCERTAIN);
  return { confidence, uncertain, sources: located.sources };
}
