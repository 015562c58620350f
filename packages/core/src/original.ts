import { z } from 'zod';
import { reviewSchema } from './review.ts';

/**
 * The uploaded document a portfolio was made from, kept beside it until the user deletes it
 * (ADR 44). `kind` says how the editor shows it: PDF pages drawn; a Word file, or the CSV files
 * of a LinkedIn data export ("text"), as the paragraphs read from it.
 */
export const originalKindSchema = z.enum(['pdf', 'word', 'text']);
export type OriginalKind = z.infer<typeof originalKindSchema>;

/** GET /api/portfolios/{id}/original: what the editor needs to show the original, or null. */
export const portfolioOriginalResponseSchema = z.object({
  original: z
    .object({
      filename: z.string(),
      kind: originalKindSchema,
      size: z.number().int(),
      /** The text the parser read, in reading order; a Word file is shown as its paragraphs. */
      documentText: z.string().nullable(),
      /** The parser's account of the read: where each value came from (absent for older reads). */
      review: reviewSchema.nullable(),
    })
    .nullable(),
});
export type PortfolioOriginalResponse = z.infer<typeof portfolioOriginalResponseSchema>;
export type PortfolioOriginal = NonNullable<PortfolioOriginalResponse['original']>;
