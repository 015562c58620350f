/**
 * @folio/parser: resume bytes (PDF, DOCX, DOC) to the resume-parsed shape of @folio/core.
 * Browser-safe; Node callers use parseInWorker from './worker.node.ts' for time and memory limits.
 */
import {
  AppError,
  clipToCaps,
  resumeDataSchema,
  valueAtPath,
  type ResumeData,
  type Review,
  type UncertainField,
} from '@folio/core';
import { callAi, mergeResults, type AiOptions } from './ai.ts';
import { recordConfidence, uncertainInResult } from './confidence.ts';
import { detectFileType } from './detect.ts';
import { extractDoc } from './extract-doc.ts';
import { extractDocx } from './extract-docx.ts';
import { extractPdf } from './extract-pdf.ts';
import { readLinkedInExport } from './linkedin-export.ts';
import { NOT_A_LINKEDIN_EXPORT } from './linkedin-files.ts';
import { TEXT_LIMITS, tooLarge } from './limits.ts';
import { reviewRead } from './review.ts';
import { structure } from './structure.ts';
import { lineText, type ExtractedDoc } from './types.ts';

export { describeContent, detectFileType, unsupportedFileMessage, uploadKind } from './detect.ts';
export { isLinkedInExport } from './linkedin-files.ts';
export { fromJsonResume, toJsonResume } from './json-resume.ts';
export { AI_TIMEOUT_MS, type AiOptions } from './ai.ts';
export type { ExtractedDoc, FileKind, Line, Segment } from './types.ts';

export interface ParseOptions {
  /** pdfjs asset locations (Node: see nodePdfAssets in pdf-assets.node.ts). */
  standardFontDataUrl?: string;
  cMapUrl?: string;
  maxPages?: number;
}

/** Extract positioned lines from a document (no structuring). */
export async function extractDocument(
  bytes: Uint8Array,
  opts: ParseOptions = {},
): Promise<ExtractedDoc> {
  if (!bytes.length) throw new AppError('FILE_EMPTY');
  const kind = detectFileType(bytes);
  let doc: ExtractedDoc;
  if (kind === 'pdf') doc = await extractPdf(bytes, opts);
  else if (kind === 'docx') doc = await extractDocx(bytes);
  else if (kind === 'doc') {
    const head = new TextDecoder('utf-16le').decode(
      bytes.subarray(0, Math.min(bytes.length, 1 << 16)),
    );
    if (head.includes('EncryptedPackage') || head.includes('EncryptionInfo'))
      throw new AppError('FILE_ENCRYPTED');
    doc = await extractDoc(bytes);
  } else if (kind === 'zip') throw new AppError('UNSUPPORTED_FILE', NOT_A_LINKEDIN_EXPORT);
  else throw new AppError('UNSUPPORTED_FILE');
  const segments = doc.lines.reduce((n, l) => n + l.segs.length, 0);
  const text = doc.lines.reduce((n, l) => n + l.segs.reduce((k, s) => k + s.text.length, 0), 0);
  if (
    doc.lines.length > TEXT_LIMITS.lines ||
    segments > TEXT_LIMITS.segments ||
    text > TEXT_LIMITS.chars
  )
    throw tooLarge();
  doc.links = [...new Set(doc.links)].slice(0, TEXT_LIMITS.links);
  const chars = doc.lines.reduce((n, l) => n + lineText(l).replace(/\s/g, '').length, 0);
  if (chars === 0)
    throw new AppError(doc.kind === 'pdf' && doc.images ? 'FILE_IMAGE_ONLY' : 'FILE_EMPTY');
  return doc;
}

/** Drop empty strings, empty lists and empty objects (schema defaults add empty lists). */
function prune<T>(v: T): T {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk).filter((y) => y !== undefined);
    if (x && typeof x === 'object') {
      const o: Record<string, unknown> = {};
      for (const [k, y] of Object.entries(x)) {
        const w = walk(y);
        if (w === undefined || (Array.isArray(w) && !w.length)) continue;
        if (w && typeof w === 'object' && !Array.isArray(w) && !Object.keys(w).length) continue;
        o[k] = w;
      }
      return o;
    }
    if (typeof x === 'string') return x.trim() ? x.trim() : undefined;
    return x;
  };
  return walk(v) as T;
}

/** The document's text in reading order (what the AI pass sees). */
export const documentText = (doc: ExtractedDoc): string => doc.lines.map(lineText).join('\n');

/** A parse with what the reader is unsure of and the text it read (for a review beside it). */
export interface ParseResult {
  data: ResumeData;
  /** Fields and entries of `data` to check ("Check this"), from confidence.ts. */
  uncertain: UncertainField[];
  /** The document's text in reading order. */
  text: string;
  /**
   * The parser's review of the read (review.ts): document confidence, marks (with section
   * marks) and where each value came from. None for a LinkedIn data export (read field by field).
   */
  review?: Review;
}

export async function parseResume(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ResumeData> {
  return (await parseResumeWithConfidence(bytes, opts)).data;
}

export async function parseResumeWithConfidence(
  bytes: Uint8Array,
  opts: ParseOptions = {},
): Promise<ParseResult> {
  if (bytes.length && detectFileType(bytes) === 'zip') return parseLinkedInExport(bytes);
  const {
    probabilities: _,
    decided: __,
    ...result
  } = readDocument(await extractDocument(bytes, opts));
  return result;
}

/**
 * Structures an extracted document and reviews the read (review.ts); with the probabilities the
 * learned decisions reported (for the review's trainer and evaluation).
 */
export function readDocument(
  doc: ExtractedDoc,
): ParseResult & { probabilities: number[]; decided: Record<string, number> } {
  let data: ResumeData;
  let uncertain: UncertainField[];
  let probabilities: number[];
  let decided: Record<string, number>;
  try {
    const read = recordConfidence(() => structure(doc));
    uncertain = read.uncertain;
    probabilities = read.probabilities;
    decided = read.decided;
    // A paragraph beyond a field's cap is cut to the cap, not a failed parse.
    data = prune(resumeDataSchema.parse(clipToCaps(resumeDataSchema, read.result)));
  } catch (err) {
    throw new AppError('PARSE_FAILED', undefined, { cause: err });
  }
  uncertain = uncertainInResult(data, uncertain);
  const review = reviewRead({ data, uncertain, probabilities, decided, doc });
  return { data, uncertain, text: documentText(doc), review, probabilities, decided };
}

/**
 * The optional AI pass over a finished parse: the document's text goes to the endpoint, and its
 * answer, grounded in that text, fills what the built-in result lacks (ai.ts). It runs where the
 * caller is (the server, after the worker returned), never inside the parse's time limit: any
 * failure, its own timeout (`ai.timeoutMs`) or `signal` keeps the built-in result.
 */
export async function withAiPass(
  result: ParseResult,
  ai: AiOptions,
  signal?: AbortSignal,
): Promise<ParseResult> {
  const answer = await callAi(result.text, ai, signal);
  if (!answer) return result;
  const merged = mergeResults(result.data, answer, result.text);
  const data = prune(resumeDataSchema.parse(clipToCaps(resumeDataSchema, merged)));
  return {
    ...result,
    data,
    uncertain: uncertainInResult(data, result.uncertain),
    review: result.review && reviewAfterAi(result.review, data),
  };
}

/**
 * The review after the AI pass changed the data: sources kept where the path still holds a value
 * (a value the pass filled has none), marks kept as they were (a section mark names a section).
 */
function reviewAfterAi(review: Review, data: ResumeData): Review {
  const sources = Object.fromEntries(
    Object.entries(review.sources).filter(([p]) => valueAtPath(data, p) !== undefined),
  );
  return { ...review, sources };
}

/**
 * A LinkedIn data export: read field by field (linkedin-export.ts), so nothing is marked to
 * check; callers give it no AI pass (`withAiPass` could only move values away from what the
 * export says; the server skips it, ADR 33).
 */
async function parseLinkedInExport(bytes: Uint8Array): Promise<ParseResult> {
  const { data: read, text } = await readLinkedInExport(bytes);
  let data: ResumeData;
  try {
    data = prune(resumeDataSchema.parse(clipToCaps(resumeDataSchema, read)));
  } catch (err) {
    throw new AppError('PARSE_FAILED', undefined, { cause: err });
  }
  return { data, uncertain: [], text };
}
