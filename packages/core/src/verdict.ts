import type { ImportRead, PortfolioContent } from './content.ts';
import { resumeDataSchema, type ResumeData } from './resume.ts';
import { REVIEW_WARNING_BELOW, type Review } from './review.ts';
import {
  MAX_UNCERTAIN,
  onePerEntry,
  uncertainIn,
  valueAtPath,
  type UncertainField,
} from './uncertain.ts';

/**
 * The review's verdict on an import (docs/product.md, Parsing and credits): whether the read is
 * poor and what a resume is expected to have that was not found. A poor read says so at the top
 * of the review; an expected part left empty is marked where it is edited.
 */

/** What every resume is expected to have, in the order the review names what is missing. */
export const expectedParts = [
  { path: 'experience', missing: 'work experience' },
  { path: 'education', missing: 'education' },
  { path: 'skills', missing: 'skills' },
  { path: 'contact/name', missing: 'name' },
  { path: 'contact/email', missing: 'e-mail address' },
] as const;
export type ExpectedPart = (typeof expectedParts)[number];

const filled = (v: unknown): boolean => {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.some(filled);
  if (typeof v === 'object') return Object.values(v).some(filled);
  return true;
};

/** The expected parts `data` has nothing in (an entry of empty fields counts as nothing). */
export const missingParts = (data: ResumeData): ExpectedPart[] =>
  expectedParts.filter((part) => !filled(valueAtPath(data, part.path)));

/** A read the parser itself doubts: the review says so at the top. */
export const isPoorRead = (read: ImportRead | undefined): boolean =>
  read?.confidence !== undefined && read.confidence < REVIEW_WARNING_BELOW;

export interface Verdict {
  /** The parser doubts the read as a whole. */
  poor: boolean;
  /** Expected parts with nothing in them. */
  missing: ExpectedPart[];
  /** The verdict is shown at the top of the review (a poor read or something missing, not yet answered). */
  show: boolean;
}

/**
 * The verdict on `data` as it is now. Without a confidence (a portfolio made before reads had
 * one, a JSON Resume import) it rests on what is missing alone.
 */
export function verdictOf(data: ResumeData, read: ImportRead | undefined): Verdict {
  const poor = isPoorRead(read);
  const missing = missingParts(data);
  return { poor, missing, show: !read?.settled && (poor || missing.length > 0) };
}

/** A mark on a whole section of the resume data ("experience"). */
const isSectionPath = (path: string) => path !== 'jsonResume' && path in resumeDataSchema.shape;

/**
 * Content made from a parse, with the read kept for the review: a "not-found" mark on each
 * expected part left empty, the parser's marks on what was read (those naming nothing dropped, a
 * section's mark kept even when the section is empty), and the read's confidence.
 */
export function withImportRead(
  content: PortfolioContent,
  parse: { uncertain?: readonly UncertainField[]; review?: Review },
): PortfolioContent {
  const data = content.data;
  // an expected part that is empty says so, whatever the parser's mark on it said
  const notFound = missingParts(data).map((part): UncertainField => ({
    path: part.path,
    reason: 'not-found',
  }));
  const marked = new Set(notFound.map((u) => u.path));
  const parser = onePerEntry([
    ...(parse.uncertain ?? []),
    ...(parse.review?.uncertain ?? []),
  ]).filter((u) => !marked.has(u.path));
  const marks = uncertainIn(data, parser);
  for (const u of marks) marked.add(u.path);
  for (const u of parser) {
    if (!marked.has(u.path) && isSectionPath(u.path)) {
      marks.push(u);
      marked.add(u.path);
    }
  }
  const uncertain = [...notFound, ...marks.slice(0, MAX_UNCERTAIN - notFound.length)];
  const confidence = parse.review?.confidence;
  return {
    ...content,
    settings: {
      ...content.settings,
      ...(uncertain.length ? { uncertain } : {}),
      ...(confidence === undefined ? {} : { importRead: { confidence } }),
    },
  };
}

/** The content emptied for "Start from scratch": no data, no marks, the verdict answered. */
export const startedFromScratch = (content: PortfolioContent): PortfolioContent => ({
  ...content,
  data: {},
  settings: { ...content.settings, uncertain: [], importRead: { ...read(content), settled: true } },
});

/** The content with the verdict answered by "Keep what was found". */
export const keptWhatWasFound = (content: PortfolioContent): PortfolioContent => ({
  ...content,
  settings: { ...content.settings, importRead: { ...read(content), settled: true } },
});

const read = (content: PortfolioContent): ImportRead => content.settings.importRead ?? {};
