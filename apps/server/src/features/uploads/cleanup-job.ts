import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blobs, uploads } from '../../db/schema.ts';
import { uploadReferences } from '../../shared/upload-references.ts';

/** An upload nothing uses is kept this long after its last upload (an editor may still save it). */
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;
const BATCH = 500;

export interface UploadCleanupResult {
  /** Uploads no longer counted for an account (none of its portfolios uses them). */
  released: number;
  /** Files deleted: used by no portfolio or published version, counted for no account. */
  deleted: number;
}

/**
 * Removes uploads nothing uses (ADR 15), idempotent and safe to run in several processes:
 * 1. an account's upload that none of its portfolios (content or published versions) points at,
 *    uploaded more than a day ago, stops counting towards the account's quota;
 * 2. a file that no portfolio or published version of anyone points at, that no account counts
 *    and that was not uploaded in the last day, is deleted.
 * What counts as "points at" is shared/upload-references.ts. A file uploaded again while this
 * runs is kept: each delete checks the upload time again (uploading renews it, blob-store.ts).
 */
export async function sweepUnusedUploads(
  db: Db,
  now: Date = new Date(),
): Promise<UploadCleanupResult> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_MS);
  const refs = await uploadReferences(db);

  let released = 0;
  const stale = await db
    .select({ userId: uploads.userId, name: uploads.name })
    .from(uploads)
    .where(lt(uploads.uploadedAt, cutoff));
  for (const row of stale) {
    if (refs.get(row.name)?.has(row.userId)) continue;
    const gone = await db
      .delete(uploads)
      .where(
        and(
          eq(uploads.userId, row.userId),
          eq(uploads.name, row.name),
          lt(uploads.uploadedAt, cutoff),
        ),
      )
      .returning({ name: uploads.name });
    released += gone.length;
  }

  const counted = db
    .select({ one: sql`1` })
    .from(uploads)
    .where(eq(uploads.name, blobs.name));
  const unused = (
    await db
      .select({ name: blobs.name })
      .from(blobs)
      .where(and(lt(blobs.createdAt, cutoff), notExists(counted)))
  )
    .map((r) => r.name)
    .filter((name) => !refs.has(name));
  let deleted = 0;
  for (let i = 0; i < unused.length; i += BATCH) {
    const gone = await db
      .delete(blobs)
      .where(
        and(
          inArray(blobs.name, unused.slice(i, i + BATCH)),
          lt(blobs.createdAt, cutoff),
          notExists(counted),
        ),
      )
      .returning({ name: blobs.name });
    deleted += gone.length;
  }
  return { released, deleted };
}

/** The clean-up for the scheduler (features/jobs): every six hours. */
export function uploadCleanupJob(
  db: Db,
  everyMs = 6 * 3_600_000,
): { name: string; everyMs: number; run(now: Date): Promise<UploadCleanupResult> } {
  return { name: 'upload-cleanup', everyMs, run: (now) => sweepUnusedUploads(db, now) };
}
