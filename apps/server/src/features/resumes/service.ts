import { unsupportedFileMessage } from '@folio/parser';
import { createHash } from 'node:crypto';
import {
  AppError,
  cleanJson,
  hasUnlimitedCredits,
  MAX_UPLOAD_BYTES,
  effectivePlan,
  resumeDataSchema,
  type ParseResumeInput as ParseInput,
  type ParseResumeResponse,
  type ResumeData,
  type UncertainField,
  uncertainIn,
  uncertainListSchema,
  MAX_UNCERTAIN,
} from '@folio/core';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resumes, users, type UserRow } from '../../db/schema.ts';
import { assertRoomForPortfolio } from '../../shared/portfolio-room.ts';

/** What a parse gives: the data, what to check in it ("Check this") and the text read. */
export interface ParsedResume {
  data: ResumeData;
  uncertain: UncertainField[];
  text?: string;
}

/** Turns document bytes into resume data, or throws an AppError saying why not. */
export type ResumeParser = (bytes: Uint8Array, filename: string) => Promise<ParsedResume>;
export type FileTypeDetector = (bytes: Uint8Array) => string | null;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const mimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

/** Longest document text sent back for the review beside the parsed fields. */
const MAX_DOCUMENT_TEXT = 200_000;

/** A parse still "parsing" after this long was cut off by a crash or restart. */
export const STALE_PARSE_MS = 2 * 60 * 1000;

/**
 * Parses one account may start, whatever the address it comes from (the route's own limit counts
 * per address). A failed parse is free (decisions "Credits"), so failures are what is limited:
 * a hostile document costs a parser thread its whole time limit.
 */
export interface ParseLimits {
  /** Parses started in the last minute. */
  perMinute: number;
  /** Failed parses (damaged, too large, timed out…) in the last hour. */
  failuresPerHour: number;
}

export function decodeUpload(fileContent: string): Uint8Array {
  const base64 = fileContent.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) {
    throw new AppError('BAD_REQUEST', 'fileContent must be base64', { field: 'fileContent' });
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new AppError('FILE_EMPTY');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  return bytes;
}

/**
 * Parsing with credits (decisions "Credits"): a credit is taken in the same transaction that
 * records the resume as "parsing", so two parses racing for the last credit cannot both win;
 * a failed parse gives it back in the transaction that marks the resume failed.
 */
export class Resumes {
  constructor(
    private readonly db: Db,
    private readonly parse: ResumeParser,
    private readonly detect: FileTypeDetector,
  ) {}

  async parseUpload(
    user: UserRow,
    input: ParseInput,
    limits: ParseLimits,
  ): Promise<ParseResumeResponse> {
    const bytes = decodeUpload(input.fileContent);
    const type = this.detect(bytes);
    if (!type) throw new AppError('UNSUPPORTED_FILE', unsupportedFileMessage(bytes));
    const unlimited = hasUnlimitedCredits(effectivePlan(user));

    const { resumeId, credits } = await this.db.transaction(async (tx) => {
      await assertRoomForPortfolio(tx, user.id, effectivePlan(user));
      let left: number | null = null;
      if (!unlimited) {
        const [row] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} - 1` })
          .where(and(eq(users.id, user.id), gt(users.credits, 0)))
          .returning({ credits: users.credits });
        if (!row) throw new AppError('INSUFFICIENT_CREDITS');
        left = row.credits;
      }
      // after the credit: an account without credits hears that first (nothing is taken on 429)
      await this.checkLimits(tx, user.id, limits);
      const [resume] = await tx
        .insert(resumes)
        .values({
          userId: user.id,
          filename: input.filename,
          mimeType: mimeTypes[type] ?? null,
          sizeBytes: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          status: 'parsing',
          creditSpent: !unlimited,
        })
        .returning({ id: resumes.id });
      return { resumeId: resume!.id, credits: left };
    });

    let parsedData: ResumeData;
    let uncertain: UncertainField[];
    let documentText: string | undefined;
    try {
      const parsed = await this.parse(bytes, input.filename);
      parsedData = resumeDataSchema.parse(cleanJson(parsed.data));
      uncertain = uncertainIn(
        parsedData,
        uncertainListSchema.parse(parsed.uncertain.slice(0, MAX_UNCERTAIN)),
      );
      documentText = parsed.text?.slice(0, MAX_DOCUMENT_TEXT);
    } catch (err) {
      const error =
        err instanceof AppError ? err : new AppError('PARSE_FAILED', undefined, { cause: err });
      await this.fail(resumeId, error.code);
      throw error;
    }
    await this.db
      .update(resumes)
      .set({ status: 'parsed', parsedData })
      .where(eq(resumes.id, resumeId));
    return { parsedData, resumeId, credits, uncertain, documentText };
  }

  /**
   * One parse at a time per account (two hostile files would hold both parser threads), and the
   * account's parses and failures counted from its resumes, whatever addresses they came from.
   * The account row is locked (the credit update locks it too), so two requests of one account
   * are counted one after the other.
   */
  private async checkLimits(tx: Tx, userId: number, limits: ParseLimits): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const since = (interval: SQL) => gt(resumes.createdAt, sql`now() - ${interval}`);
    const count = (cond: SQL | undefined) =>
      sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
    const [row] = await tx
      .select({
        running: count(
          and(
            eq(resumes.status, 'parsing'),
            since(sql`make_interval(secs => ${STALE_PARSE_MS / 1000})`),
          ),
        ),
        lastMinute: count(since(sql`interval '1 minute'`)),
        failed: count(
          and(eq(resumes.status, 'failed'), sql`${resumes.error} is distinct from 'INTERRUPTED'`),
        ),
      })
      .from(resumes)
      .where(and(eq(resumes.userId, userId), since(sql`interval '1 hour'`)));
    const busy = (row?.running ?? 0) > 0;
    if (
      busy ||
      (row?.lastMinute ?? 0) >= limits.perMinute ||
      (row?.failed ?? 0) >= limits.failuresPerHour
    )
      throw new AppError('RATE_LIMITED');
  }

  /** Marks a parse failed and refunds its credit, once (only a row still "parsing" is changed). */
  private async fail(resumeId: number, code: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(resumes)
        .set({ status: 'failed', error: code })
        .where(and(eq(resumes.id, resumeId), eq(resumes.status, 'parsing')))
        .returning({ userId: resumes.userId, creditSpent: resumes.creditSpent });
      if (row?.creditSpent) {
        await tx
          .update(users)
          .set({ credits: sql`${users.credits} + 1` })
          .where(eq(users.id, row.userId));
      }
    });
  }

  /** Refunds parses cut off by a crash (run at start-up and now and then). Returns how many. */
  async recoverInterrupted(now = new Date()): Promise<number> {
    const stale = await this.db
      .select({ id: resumes.id })
      .from(resumes)
      .where(
        and(
          eq(resumes.status, 'parsing'),
          lt(resumes.createdAt, new Date(now.getTime() - STALE_PARSE_MS)),
        ),
      );
    for (const { id } of stale) await this.fail(id, 'INTERRUPTED');
    return stale.length;
  }
}
