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
  onePerEntry,
  type UncertainField,
} from '@folio/core';
import {
  checkCandidates,
  checkWeights,
  rightProbability,
  sectionsFound,
  type CheckModel,
} from './model/field-check.ts';
import weights from './model/review.json' with { type: 'json' };
import { linkedInLayout } from './linkedin/layout.ts';
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
  'fewLinesRead',
  'fewSections',
  'fieldDoubt',
] as const;

/** Below this share of lines read, a read is likely missing whole parts of the document. */
const FEW_LINES = 0.6;

export interface ReadFacts {
  data: ResumeData;
  uncertain: readonly UncertainField[];
  /** Probabilities the learned decisions reported (confidence.ts). */
  probabilities: readonly number[];
  /** The least sure learned decision about each path (confidence.ts). */
  decided?: Readonly<Record<string, number>>;
  doc: ExtractedDoc;
}

const entriesOf = (data: ResumeData) => [
  ...(data.experience ?? []).map((e) => !!(e.company && e.position && e.dates)),
  ...(data.education ?? []).map((e) => !!(e.institution && (e.degree || e.dates))),
];

/** How unsure the field model is of the read: the mean probability of its fields being wrong. */
export function fieldDoubt(probabilities: Readonly<Record<string, number>>): number {
  const ps = Object.values(probabilities);
  return ps.length ? ps.reduce((a, p) => a + (1 - p), 0) / ps.length : 0;
}

/** The read-level features (REVIEW_FEATURES), each about 0–1. */
export function reviewFeatures(
  f: ReadFacts,
  located = locate(f.data, f.doc),
  probabilities: Readonly<Record<string, number>> = fieldProbabilities(f, located),
): number[] {
  const { data } = f;
  const found = sectionsFound(data);
  const entries = entriesOf(data);
  const probs = f.probabilities;
  const pages = new Set(f.doc.lines.map((l) => l.page)).size || 1;
  return [
    located.linesRead,
    located.values ? located.found / located.values : 0,
    found,
    Math.min(1, f.uncertain.length / Math.max(1, entries.length + 1)),
    probs.length ? probs.reduce((a, b) => a + b, 0) / probs.length : 1,
    probs.length ? Math.min(...probs) : 1,
    Math.min(1, f.uncertain.filter((u) => u.reason === 'unknown-heading').length / 5),
    entries.length ? entries.filter((ok) => !ok).length / entries.length : 1,
    Math.min(1, entries.length / pages / 8),
    f.doc.kind === 'pdf' ? 0 : 1,
    Math.max(0, FEW_LINES - located.linesRead) / FEW_LINES,
    (1 - found) ** 2,
    fieldDoubt(probabilities),
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

/**
 * Field marks: a field a read nearly always has, left empty (the contact's location, an education
 * entry's dates): it may have been missed or read into another field. (An experience entry's dates
 * and an education entry's degree were tried too: on the real corpus most such marks pointed at
 * nothing wrong, so they are not made.)
 */
export function expectedFieldMarks(data: ResumeData): UncertainField[] {
  const marks: UncertainField[] = [];
  const mark = (path: string) => marks.push({ path, reason: 'low-confidence' });
  if (data.contact?.name && !data.contact.location) mark('contact/location');
  (data.education ?? []).forEach((e, i) => {
    if (!e.dates) mark(`education/${i}/dates`);
  });
  return marks;
}

/** A field or entry right with less than this probability is marked "Check this". */
export const FIELD_CHECK_BELOW = 0.9;

/**
 * Each field and entry's probability of being right (model/field-check.ts), by path; empty when
 * the model's weights are stale or absent.
 */
export function fieldProbabilities(
  f: ReadFacts,
  located: ReturnType<typeof locate>,
  model: CheckModel | null = checkWeights,
): Record<string, number> {
  // a LinkedIn profile is read by its own structure from the exporter's fixed layout (ADR 34),
  // not by the reading the field model judges
  if (!model || linkedInLayout(f.doc)) return {};
  const out: Record<string, number> = {};
  for (const c of checkCandidates({
    data: f.data,
    uncertain: f.uncertain,
    decided: f.decided ?? {},
    sources: located.sources,
    linesRead: located.linesRead,
  }))
    out[c.path] = Math.round(rightProbability(model, c.features) * 1000) / 1000;
  return out;
}

/**
 * The marks the field probabilities make: an entry or a field below FIELD_CHECK_BELOW; an entry
 * marked as a whole takes the place of its fields' marks (one "Check this" per entry).
 */
export function probabilityMarks(
  probabilities: Readonly<Record<string, number>>,
  below = FIELD_CHECK_BELOW,
): UncertainField[] {
  const low = Object.entries(probabilities)
    .filter(([, p]) => p < below)
    .map(([path]) => path);
  const entries = new Set(low.filter((p) => /^(?:experience|education)\/\d+$/.test(p)));
  return low
    .filter((p) => ![...entries].some((e) => p.startsWith(`${e}/`)))
    .map((path) => ({ path, reason: 'low-confidence' as const }));
}

/**
 * The review's marks: every decision point's, the field model's (or, without its weights, the
 * expected fields') and the sections'; one per path, the decision point's reason first.
 */
export function reviewMarks(
  data: ResumeData,
  uncertain: readonly UncertainField[],
  confidence: number,
  probabilities: Readonly<Record<string, number>>,
  below = FIELD_CHECK_BELOW,
): UncertainField[] {
  const judged = Object.keys(probabilities).length > 0;
  const marks = [
    ...uncertain,
    ...(judged ? probabilityMarks(probabilities, below) : expectedFieldMarks(data)),
    ...sectionMarks(data, confidence),
  ];
  return onePerEntry(marks).slice(0, MAX_UNCERTAIN);
}

/** The review of a finished read: confidence, marks (the read's and the sections') and sources. */
export function reviewRead(f: ReadFacts): Review {
  const located = locate(f.data, f.doc);
  const probabilities = fieldProbabilities(f, located);
  const confidence = documentConfidence(reviewFeatures(f, located, probabilities));
  const uncertain = reviewMarks(f.data, f.uncertain, confidence, probabilities);
  return { confidence, uncertain, sources: located.sources, probabilities };
}
