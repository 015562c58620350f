import { AppError, reviewSchema, type OriginalKind, type PortfolioOriginal } from '@folio/core';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, resumeOriginals, resumes } from '../../db/schema.ts';
import type { Queryable } from '../../shared/blob-store.ts';

/** Upload types kept to be shown beside the form, and how each is shown. */
const KINDS: Record<string, OriginalKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/msword': 'word',
  // a LinkedIn data export: shown as the text read from its CSV files
  'application/zip': 'text',
};

/** An original whose parse made no portfolio within this long is removed (nobody can see it). */
export const UNUSED_ORIGINAL_MS = 24 * 60 * 60 * 1000;

export interface OriginalFile {
  bytes: Buffer;
  contentType: string;
  filename: string;
}

/**
 * Keeps the original of a parse, in the caller's transaction (the one marking it "parsed"), when
 * it is an upload the editor can show.
 */
export async function keepOriginal(
  tx: Queryable,
  resumeId: number,
  contentType: string | null,
  bytes: Uint8Array,
  documentText: string | undefined,
): Promise<void> {
  if (contentType === null || !(contentType in KINDS)) return;
  await tx
    .insert(resumeOriginals)
    .values({
      resumeId,
      contentType,
      size: bytes.length,
      bytes: Buffer.from(bytes),
      documentText: documentText ?? null,
    })
    .onConflictDoNothing();
}

/**
 * The uploaded documents kept with the portfolios made from them (ADR 44): written with the
 * parse's result in one transaction, read and deleted only through a portfolio of the caller's.
 */
export class ResumeOriginals {
  constructor(private readonly db: Db) {}

  /** The caller's portfolio's parse, or NOT_FOUND (someone else's too: no existence leak). */
  private async resumeOf(userId: number, portfolioId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ resumeId: portfolios.resumeId })
      .from(portfolios)
      .where(and(eq(portfolios.id, portfolioId), eq(portfolios.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND', 'Portfolio not found');
    return row.resumeId;
  }

  /** What the editor shows of the portfolio's original, or null when there is none. */
  async describe(userId: number, portfolioId: number): Promise<PortfolioOriginal | null> {
    const resumeId = await this.resumeOf(userId, portfolioId);
    if (resumeId === null) return null;
    const [row] = await this.db
      .select({
        filename: resumes.filename,
        review: resumes.review,
        contentType: resumeOriginals.contentType,
        size: resumeOriginals.size,
        documentText: resumeOriginals.documentText,
      })
      .from(resumeOriginals)
      .innerJoin(resumes, eq(resumes.id, resumeOriginals.resumeId))
      .where(eq(resumeOriginals.resumeId, resumeId));
    if (!row) return null;
    // a review stored by an older parser that no longer reads is left out, not an error
    const review = reviewSchema.safeParse(row.review);
    return {
      filename: row.filename,
      kind: KINDS[row.contentType] ?? 'text',
      size: row.size,
      documentText: row.documentText,
      review: row.review != null && review.success ? review.data : null,
    };
  }

  /** The original's bytes, or NOT_FOUND when the portfolio has none. */
  async file(userId: number, portfolioId: number): Promise<OriginalFile> {
    const resumeId = await this.resumeOf(userId, portfolioId);
    const [row] =
      resumeId === null
        ? []
        : await this.db
            .select({
              bytes: resumeOriginals.bytes,
              contentType: resumeOriginals.contentType,
              filename: resumes.filename,
            })
            .from(resumeOriginals)
            .innerJoin(resumes, eq(resumes.id, resumeOriginals.resumeId))
            .where(eq(resumeOriginals.resumeId, resumeId));
    if (!row) throw new AppError('NOT_FOUND', 'This portfolio has no original document');
    return row;
  }

  /** Deletes the portfolio's original (the user's choice); answers whether there was one. */
  async delete(userId: number, portfolioId: number): Promise<boolean> {
    const resumeId = await this.resumeOf(userId, portfolioId);
    if (resumeId === null) return false;
    const gone = await this.db
      .delete(resumeOriginals)
      .where(eq(resumeOriginals.resumeId, resumeId))
      .returning({ id: resumeOriginals.resumeId });
    return gone.length > 0;
  }

  /** Removes originals of parses that made no portfolio within UNUSED_ORIGINAL_MS. */
  async sweepUnused(): Promise<number> {
    const gone = await this.db
      .delete(resumeOriginals)
      .where(
        and(
          lt(
            resumeOriginals.createdAt,
            sql`now() - make_interval(secs => ${UNUSED_ORIGINAL_MS / 1000})`,
          ),
          notExists(
            this.db
              .select({ id: portfolios.id })
              .from(portfolios)
              .where(eq(portfolios.resumeId, resumeOriginals.resumeId)),
          ),
        ),
      )
      .returning({ id: resumeOriginals.resumeId });
    return gone.length;
  }
}
