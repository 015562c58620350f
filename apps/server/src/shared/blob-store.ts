import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blobs } from '../db/schema.ts';

export interface Blob {
  bytes: Buffer;
  contentType: string;
}

/**
 * Uploaded files in the database (ADR 0010): every server process, on any machine, serves the
 * same files, and a database backup holds them. Names are content hashes, so a file never
 * changes once written and writing it twice is a no-op.
 */
export class BlobStore {
  constructor(private readonly db: Db) {}

  async put(name: string, contentType: string, bytes: Buffer): Promise<void> {
    await this.db
      .insert(blobs)
      .values({ name, contentType, size: bytes.length, bytes })
      .onConflictDoNothing();
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
