import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blobs } from '../db/schema.ts';

export interface Blob {
  bytes: Buffer;
  contentType: string;
}

/** The database or a transaction on it. */
export type Queryable = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Uploaded files in the database (ADR 0008): every server process, on any machine, serves the
 * same files, and a database backup holds them. Names are content hashes, so a file never
 * changes once written and writing it twice stores it once.
 */
export class BlobStore {
  constructor(private readonly db: Db) {}

  /**
   * Stores a file; writing one that is there already only renews its `created_at`, so that the
   * clean-up of unused uploads (features/uploads/cleanup-job.ts) counts its day from the last upload.
   */
  async put(name: string, contentType: string, bytes: Buffer, db: Queryable = this.db) {
    await db
      .insert(blobs)
      .values({ name, contentType, size: bytes.length, bytes })
      .onConflictDoUpdate({ target: blobs.name, set: { createdAt: sql`now()` } });
  }

  async get(name: string): Promise<Blob | null> {
    const [row] = await this.db
      .select({ bytes: blobs.bytes, contentType: blobs.contentType })
      .from(blobs)
      .where(eq(blobs.name, name));
    return row ?? null;
  }

  async delete(name: string): Promise<void> {
    await this.db.delete(blobs).where(eq(blobs.name, name));
  }
}
