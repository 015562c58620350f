import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, MAX_IMAGE_SIDE } from '@folio/core';
import sharp from 'sharp';
import type { Blob, BlobStore } from '../../shared/blob-store.ts';

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

/** ICO: reserved 0, type 1, at least one image, and room for its directory entries. */
function isIco(buf: Buffer): boolean {
  if (buf.length < 22 || buf.readUInt32BE(0) !== 0x00000100) return false;
  const count = buf.readUInt16LE(4);
  return count > 0 && count <= 64 && buf.length >= 6 + 16 * count;
}

function looksLikeSvg(buf: Buffer): boolean {
  const head = buf.subarray(0, 1024).toString('utf8').toLowerCase();
  return head.includes('<svg') || (head.trimStart().startsWith('<?xml') && head.includes('svg'));
}

/**
 * Images uploaded by users (favicons, profile photos): checked by content, re-encoded (which
 * drops anything that is not pixels: metadata, trailing bytes, polyglot payloads), scaled to at
 * most 1600 px, and stored by content hash in the blob store (the database).
 */
export class ImageStore {
  constructor(private readonly blobs: BlobStore) {}

  /** Stores an upload; returns its public address `/uploads/<sha256>.<ext>`. */
  async save(input: Buffer): Promise<string> {
    if (input.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty.');
    if (isIco(input)) return this.write(input, 'ico');
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

    let output: Buffer;
    try {
      output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
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
    return this.write(output, 'webp');
  }

  private async write(bytes: Buffer, ext: 'webp' | 'ico'): Promise<string> {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    await this.blobs.put(name, contentTypes[ext]!, bytes);
    return `/uploads/${name}`;
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
