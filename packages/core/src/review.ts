import { z } from 'zod';
import { uncertainListSchema, uncertainPathSchema } from './uncertain.ts';

/**
 * The parser's account of a read (`_review`): how sure it is of the whole document, what to check
 * ("Check this" markers) and where each value came from in the original. The review screen uses
 * all three: the verdict from `confidence`, marks from `uncertain`, highlights from `sources`.
 * Codes, numbers and paths only: no text from the document.
 */

/**
 * Where a value was read in a PDF: its page (1-based) and its box in PDF points, origin at the
 * page's top-left corner, y growing downwards (pdf.js's viewport at scale 1): [x0, y0, x1, y1].
 */
export const pageSourceSchema = z.object({
  page: z.number().int().min(1).max(1000),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

/** Where a value was read in a Word file: the index of its paragraph in the document's text. */
export const paragraphSourceSchema = z.object({
  paragraph: z.number().int().min(0).max(100_000),
});

export const valueSourceSchema = z.union([pageSourceSchema, paragraphSourceSchema]);
export type ValueSource = z.infer<typeof valueSourceSchema>;

/** Most source entries kept for one read. */
export const MAX_SOURCES = 2000;

/**
 * A document confidence below this is a poor read: the review says so at the top, plainly, and
 * offers to keep what was found or start from scratch.
 */
export const REVIEW_WARNING_BELOW = 0.7;

export const reviewSchema = z.object({
  /** Probability (0–1) that the read as a whole is right, calibrated on held-out documents. */
  confidence: z.number().min(0).max(1),
  /** Fields, entries and sections to check; a section path ("experience") when it may be incomplete. */
  uncertain: uncertainListSchema.default([]),
  /** Where each value came from, by the path the editor uses ("experience/2/company"). */
  sources: z
    .record(uncertainPathSchema, valueSourceSchema)
    .refine((s) => Object.keys(s).length <= MAX_SOURCES, 'Too many sources')
    .default({}),
  /**
   * The probability (0–1) that each field and entry is right, by the same paths, calibrated on
   * held-out documents; those below the parser's line are among `uncertain`.
   */
  probabilities: z
    .record(uncertainPathSchema, z.number().min(0).max(1))
    .refine((s) => Object.keys(s).length <= MAX_SOURCES, 'Too many probabilities')
    .default({}),
});
export type Review = z.infer<typeof reviewSchema>;
