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
  type Review,
  type UncertainField,
  uncertainIn,
  uncertainListSchema,
  MAX_UNCERTAIN,
  reviewSchema,
} from '@folio/core';
import { and, eq, gt, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resumes, users, type UserRow } from '../../db/schema.ts';
import { assertRoomForPortfolio } from '../../shared/portfolio-room.ts';
import { keepOriginal } from './originals.ts';

/** What a parse gives: the data, what to check in it ("Check this") and the text read. */
export interface ParsedResume {
  data: ResumeData;
  uncertain: UncertainField[];
  text?: string;
  /** The parser's review: document confidence, marks and where each value came from. */
  review?: Review;
}

/**
 * Turns document bytes into resume data, or throws an AppError saying why not. `keys` say who the
 * parse is for (account, address): the parser's queue shares its workers fairly among them.
 */
export type ResumeParser = (
  bytes: Uint8Array,
  filename: string,
  keys: readonly string[],
  /** Aborted when the client has gone: work that only improves the answer stops. */
  signal?: AbortSignal,
) => Promise<ParsedResume>;
export type FileTypeDetector = (bytes: Uint8Array) => string | null;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const mimeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  linkedin: 'application/zip',
};

/**
 * Uploads that cost no credit: a LinkedIn data export is the account's own data in columns, read
 * field by field with no AI pass, as a JSON Resume import is (product.md, Parsing and credits; ADR 33).
 */
const FREE_TYPES = new Set(['linkedin']);

/** Longest document text sent back for the review beside the parsed fields. */
const MAX_DOCUMENT_TEXT = 200_000;

/**
 * The process running a parse renews its row's heartbeat this often; a row still "parsing" whose
 * heartbeat is older than STALE_PARSE_MS has no live process (it died): it is refunded, and the
 * account may parse again, in one transaction.
 */
export const PARSE_HEARTBEAT_MS = 5_000;
export const STALE_PARSE_MS = 15_000;

/** Failures that are not the document's: they do not count against PARSE_FAILURE_LIMIT. */
const NOT_THE_DOCUMENTS = ['INTERRUPTED', 'PARSE_BUSY'];

/**
 * Parses one account may start, whatever the address it comes from (the route's own limit counts
 * per address). A failed parse is free (product.md, Parsing and credits), so failures are what is limited:
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
 * Parsing with credits (product.md, Parsing and credits): a credit is taken in the same transaction that
 * records the resume as "parsing", so two parses racing for the last credit cannot both win;
 * a failed parse gives it back in the transaction that marks the resume failed.
 */
export class Resumes {
  /** Parses this process runs (their rows' heartbeats are renewed while they run). */
  private readonly running = new Set<number>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Rows created before this instance were started by another process (or an earlier one). */
  private readonly startedAt = new Date();

  /**
   * `soleProcess`: this process is the database's only one (the embedded database, which one
   * process opens): a "parsing" row it did not start has no live process, whatever its heartbeat.
   */
  constructor(
    private readonly db: Db,
    private readonly parse: ResumeParser,
    private readonly detect: FileTypeDetector,
    private readonly soleProcess = false,
  ) {}

  async parseUpload(
    user: UserRow,
    input: ParseInput,
    limits: ParseLimits,
    address = '',
    signal?: AbortSignal,
  ): Promise<ParseResumeResponse> {
    const bytes = decodeUpload(input.fileContent);
    const type = this.detect(bytes);
    if (!type) throw new AppError('UNSUPPORTED_FILE', unsupportedFileMessage(bytes));
    const unlimited = hasUnlimitedCredits(effectivePlan(user));
    const free = unlimited || FREE_TYPES.has(type);

    const { resumeId, credits } = await this.db.transaction(async (tx) => {
      // A parse of this account cut off by a crash is refunded first, in the transaction that
      // lets the account parse again: it is never turned away (429, or 402 for the credit it
      // spent) for a parse it has not been refunded.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const orphans = await tx
        .select({ id: resumes.id })
        .from(resumes)
        .where(and(eq(resumes.userId, user.id), this.orphaned()));
      for (const { id } of orphans) await this.failIn(tx, id, 'INTERRUPTED');
      await assertRoomForPortfolio(tx, user.id, effectivePlan(user));
      let left: number | null = null;
      if (free && !unlimited) {
        const [row] = await tx
          .select({ credits: users.credits })
          .from(users)
          .where(eq(users.id, user.id));
        left = row?.credits ?? 0;
      } else if (!free) {
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
          creditSpent: !free,
        })
        .returning({ id: resumes.id });
      return { resumeId: resume!.id, credits: left };
    });

    let parsedData: ResumeData;
    let uncertain: UncertainField[];
    let documentText: string | undefined;
    let review: Review | undefined;
    this.beat(resumeId, true);
    try {
      const parsed = await this.parse(
        bytes,
        input.filename,
        [`account:${user.id}`, `address:${address}`],
        signal,
      );
      parsedData = resumeDataSchema.parse(cleanJson(parsed.data));
      uncertain = uncertainIn(
        parsedData,
        uncertainListSchema.parse(parsed.uncertain.slice(0, MAX_UNCERTAIN)),
      );
      documentText = parsed.text?.slice(0, MAX_DOCUMENT_TEXT);
      // a review that does not fit the contract is left out, never a failed parse
      const checked = parsed.review && reviewSchema.safeParse(parsed.review);
      review = checked?.success ? checked.data : undefined;
    } catch (err) {
      const error =
        err instanceof AppError ? err : new AppError('PARSE_FAILED', undefined, { cause: err });
      await this.fail(resumeId, error.code);
      throw error;
    } finally {
      this.beat(resumeId, false);
    }
    // the result and the original together: a crash leaves both or neither (ADR 44)
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(resumes)
          .set({ status: 'parsed', parsedData, review: review ?? null })
          .where(eq(resumes.id, resumeId));
        await keepOriginal(tx, resumeId, mimeTypes[type] ?? null, bytes, documentText);
      });
    } catch (err) {
      // not stored: the parse did not happen as far as the account is concerned (credit back)
      await this.fail(resumeId, 'INTERRUPTED');
      throw err;
    }
    return { parsedData, resumeId, credits, uncertain, documentText, review };
  }

  /** Adds or removes a running parse; the heartbeat timer runs while there is one. */
  private beat(resumeId: number, running: boolean): void {
    if (running) this.running.add(resumeId);
    else this.running.delete(resumeId);
    if (this.running.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    } else if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        const ids = [...this.running];
        if (ids.length === 0) return;
        this.db
          .update(resumes)
          .set({ heartbeatAt: sql`now()` })
          .where(and(inArray(resumes.id, ids), eq(resumes.status, 'parsing')))
          .catch(() => undefined); // the next beat tries again
      }, PARSE_HEARTBEAT_MS);
      this.heartbeat.unref();
    }
  }

  /** A "parsing" row no live process owns: its heartbeat stopped, or (sole process) not ours. */
  private orphaned(): SQL {
    const stale = sql`coalesce(${resumes.heartbeatAt}, ${resumes.createdAt}) < now() - make_interval(secs => ${STALE_PARSE_MS / 1000})`;
    return and(
      eq(resumes.status, 'parsing'),
      this.soleProcess ? or(stale, lt(resumes.createdAt, this.startedAt)) : stale,
    )!;
  }

  /**
   * One parse at a time per account (two hostile files would hold both parser threads), and the
   * account's parses and failures counted from its resumes, whatever addresses they came from.
   * The caller has locked the account row (the credit update locks it too), so two requests of
   * one account are counted one after the other. A parse "parsing" counts as running however old
   * it is: one no live process owns was refunded (failed) before this, in the same transaction.
   */
  private async checkLimits(tx: Tx, userId: number, limits: ParseLimits): Promise<void> {
    const since = (interval: SQL) => gt(resumes.createdAt, sql`now() - ${interval}`);
    const count = (cond: SQL | undefined) =>
      sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
    const lastHour = since(sql`interval '1 hour'`);
    const [row] = await tx
      .select({
        running: count(eq(resumes.status, 'parsing')),
        lastMinute: count(since(sql`interval '1 minute'`)),
        failed: count(
          and(lastHour, eq(resumes.status, 'failed'), notInArray(resumes.error, NOT_THE_DOCUMENTS)),
        ),
      })
      .from(resumes)
      .where(and(eq(resumes.userId, userId), or(lastHour, eq(resumes.status, 'parsing'))));
    if (
      (row?.running ?? 0) > 0 ||
      (row?.lastMinute ?? 0) >= limits.perMinute ||
      (row?.failed ?? 0) >= limits.failuresPerHour
    )
      throw new AppError('RATE_LIMITED');
  }

  /** Marks a parse failed and refunds its credit, once (only a row still "parsing" is changed). */
  private async fail(resumeId: number, code: string): Promise<void> {
    await this.db.transaction((tx) => this.failIn(tx, resumeId, code));
  }

  private async failIn(tx: Tx, resumeId: number, code: string): Promise<boolean> {
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
    return row !== undefined;
  }

  /**
   * Refunds parses cut off by a crash: those no live process owns (see `orphaned`). Run at
   * start-up and every few seconds; an account that asks to parse meanwhile has its own refunded
   * in that request (parseUpload). Returns how many.
   */
  async recoverInterrupted(): Promise<number> {
    const orphans = await this.db.select({ id: resumes.id }).from(resumes).where(this.orphaned());
    let refunded = 0;
    for (const { id } of orphans)
      if (await this.db.transaction((tx) => this.failIn(tx, id, 'INTERRUPTED'))) refunded++;
    return refunded;
  }
}
