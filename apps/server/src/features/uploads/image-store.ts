import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, MAX_IMAGE_SIDE, UPLOAD_QUOTA, UPLOAD_QUOTA_MESSAGE } from '@folio/core';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import type { Blob, BlobStore, Queryable } from '../../shared/blob-store.ts';
import { looksLikeIco, rebuildIco } from './ico.ts';

/** Decompression-bomb guard: images declaring more pixels than this are refused unread. */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Stored names: the SHA-256 of the stored bytes and the stored format. */
export const storedNamePattern = /^[0-9a-f]{64}\.(webp|ico)$/;

export const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  ico: 'image/x-icon',
};

const acceptedFormats = new Set(['png', 'jpeg', 'webp', 'gif', 'heif']);

export const UNSUPPORTED_IMAGE_MESSAGE =
  'Only PNG, JPEG, WebP, GIF and AVIF images (or ICO favicons) are accepted.';
const SVG_MESSAGE =
  'SVG images are not accepted. Please upload a PNG, JPEG, WebP, GIF or AVIF image.';

/** An image checked and re-encoded, not yet stored (see ImageStore.prepare). */
export interface PreparedImage {
  name: string;
  ext: 'webp' | 'ico';
  bytes: Buffer;
}

function looksLikeSvg(buf: Buffer): boolean {
  const head = buf.subarray(0, 1024).toString('utf8').toLowerCase();
  return head.includes('<svg') || (head.trimStart().startsWith('<?xml') && head.includes('svg'));
}

/**
 * Images uploaded by users (favicons, profile photos): checked by content, re-encoded (which
 * drops anything that is not pixels: metadata, trailing bytes, polyglot payloads), scaled to at
 * most 1600 px, and stored by content hash in the blob store (the database). ICO favicons are
 * decoded and rebuilt from their pixels (ico.ts). Each account keeps at most UPLOAD_QUOTA.
 */
export class ImageStore {
  constructor(
    private readonly blobs: BlobStore,
    private readonly db: Db,
  ) {}

  /** Stores an upload of `userId`; returns its public address `/uploads/<sha256>.<ext>`. */
  async save(userId: number, input: Buffer): Promise<string> {
    return this.write(userId, await this.prepare(input));
  }

  /** Checks and re-encodes an image as an upload is (refused with an AppError), unstored. */
  async prepare(input: Buffer): Promise<PreparedImage> {
    if (input.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
    const { bytes, ext } = looksLikeIco(input)
      ? { bytes: await rebuildIco(input), ext: 'ico' as const }
      : { bytes: await this.reencode(input), ext: 'webp' as const };
    return { name: `${createHash('sha256').update(bytes).digest('hex')}.${ext}`, ext, bytes };
  }

  /**
   * Stores a prepared image for `userId` inside the caller's transaction, counted for the account
   * but not checked against its quota: for images the account had already (content saved before
   * uploads were files, features/uploads/legacy-images.ts). Returns its address.
   */
  async record(tx: Queryable, userId: number, image: PreparedImage): Promise<string> {
    await this.blobs.put(image.name, contentTypes[image.ext]!, image.bytes, tx);
    await tx
      .insert(uploads)
      .values({ userId, name: image.name, size: image.bytes.length })
      .onConflictDoUpdate({
        target: [uploads.userId, uploads.name],
        set: { uploadedAt: sql`now()` },
      });
    return `/uploads/${image.name}`;
  }

  private async reencode(input: Buffer): Promise<Buffer> {
    if (looksLikeSvg(input)) throw new AppError('UNSUPPORTED_FILE', SVG_MESSAGE);
    const meta = await sharp(input, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!meta) throw new AppError('UNSUPPORTED_FILE', UNSUPPORTED_IMAGE_MESSAGE);
    if (meta.format === 'svg') throw new AppError('UNSUPPORTED_FILE', SVG_MESSAGE);
    if (
      !acceptedFormats.has(meta.format) ||
      (meta.format === 'heif' && meta.compression !== 'av1')
    ) {
      throw new AppError('UNSUPPORTED_FILE', UNSUPPORTED_IMAGE_MESSAGE);
    }
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width * height > MAX_INPUT_PIXELS) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Image dimensions are too large (${width}×${height}). Please upload a smaller image.`,
      );
    }
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate() // apply the EXIF orientation before the metadata goes
        .resize({
          width: MAX_IMAGE_SIDE,
          height: MAX_IMAGE_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_FILE', 'This image is damaged or could not be read.');
    }
  }

  /** Refuses when `adding` more bytes (in one more file) would take the account past its quota. */
  private async checkQuota(db: Queryable, userId: number, adding: number): Promise<void> {
    const [usage] = await db
      .select({ files: count(), bytes: sum(uploads.size) })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    const files = usage?.files ?? 0;
    const bytes = Number(usage?.bytes ?? 0);
    if (files + 1 > UPLOAD_QUOTA.files || bytes + adding > UPLOAD_QUOTA.bytes) {
      throw new AppError('UPLOAD_QUOTA', UPLOAD_QUOTA_MESSAGE);
    }
  }

  /**
   * Stores the file and counts it for the account, under a per-account lock so that uploads at
   * the same time cannot pass the quota together. A file the account has already is not counted
   * twice; its day before clean-up starts again.
   */
  private async write(userId: number, image: PreparedImage): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
      const [mine] = await tx
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.name, image.name)));
      if (!mine) await this.checkQuota(tx, userId, image.bytes.length);
      return this.record(tx, userId, image);
    });
  }

  /** A stored file, or null for a name that is not one of ours or not there. */
  async find(name: string): Promise<Blob | null> {
    if (!storedNamePattern.test(name)) return null;
    return this.blobs.get(name);
  }
}

/**
 * Moves files that earlier versions kept in `dir` into the blob store; the folder is renamed
 * `<dir>.imported` afterwards (kept, not deleted). Returns how many files moved.
 */
export async function importUploadFiles(dir: string, blobs: BlobStore): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const stored = names.filter((n) => storedNamePattern.test(n));
  for (const name of stored) {
    const ext = name.slice(name.lastIndexOf('.') + 1);
    await blobs.put(name, contentTypes[ext]!, await fs.readFile(path.join(dir, name)));
  }
  if (names.length) await fs.rename(dir, `${dir}.imported`).catch(() => undefined);
  return stored.length;
}
