import { AppError } from '@folio/core';
import sharp from 'sharp';

/**
 * ICO favicons, read in full (ADR 15): the directory is checked (image count, every entry's
 * data inside the file, no two overlapping), the best image is decoded (an embedded PNG through
 * sharp, a BMP/DIB here) and a new ICO is written around a PNG re-encoded from its pixels. Nothing
 * of the uploaded file but pixels is stored: trailing bytes, gaps, other entries, metadata and
 * payloads hidden in any of them are gone.
 */

/** ICO's own limit; larger PNG icons (non-standard) are scaled down to it. */
const ICO_MAX_SIDE = 256;
/** Largest embedded PNG we decode (its side); beyond that the file is refused. */
const MAX_PNG_SIDE = 1024;
const MAX_ENTRIES = 64;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const ICO_DAMAGED_MESSAGE = 'This icon (ICO) is damaged or could not be read.';

const damaged = (why: string): never => {
  throw new AppError('UNSUPPORTED_FILE', ICO_DAMAGED_MESSAGE, { cause: why });
};

/** The ICO signature: reserved 0, type 1 (icon), at least one image and room for the directory. */
export function looksLikeIco(buf: Buffer): boolean {
  if (buf.length < 22 || buf.readUInt32BE(0) !== 0x00000100) return false;
  const count = buf.readUInt16LE(4);
  return count > 0 && count <= MAX_ENTRIES && buf.length >= 6 + 16 * count;
}

interface Entry {
  /** As declared in the directory (0 there means 256). */
  width: number;
  height: number;
  bitCount: number;
  offset: number;
  size: number;
}

/** The directory's entries, each checked to lie inside the file and apart from the others. */
export function icoEntries(buf: Buffer): Entry[] {
  if (!looksLikeIco(buf)) damaged('not an ICO header');
  const count = buf.readUInt16LE(4);
  const dirEnd = 6 + 16 * count;
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + 16 * i;
    const entry: Entry = {
      width: buf.readUInt8(at) || 256,
      height: buf.readUInt8(at + 1) || 256,
      bitCount: buf.readUInt16LE(at + 6),
      size: buf.readUInt32LE(at + 8),
      offset: buf.readUInt32LE(at + 12),
    };
    if (buf.readUInt8(at + 3) !== 0) damaged(`entry ${i}: reserved byte set`);
    if (entry.size < 8) damaged(`entry ${i}: no image data`);
    if (entry.offset < dirEnd || entry.offset + entry.size > buf.length) {
      damaged(`entry ${i}: image data outside the file`);
    }
    entries.push(entry);
  }
  const sorted = [...entries].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.offset < sorted[i - 1]!.offset + sorted[i - 1]!.size) {
      damaged('entries overlap');
    }
  }
  return entries;
}

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/** An embedded PNG's pixels (RGBA), decoded by sharp after its size is checked. */
async function decodePng(data: Buffer): Promise<Pixels> {
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => damaged('embedded PNG unreadable'));
  if (meta.format !== 'png') damaged('embedded image is not a PNG');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height || width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) {
    damaged(`embedded PNG of ${width}×${height}`);
  }
  const { data: raw, info } = await sharp(data, {
    limitInputPixels: MAX_PNG_SIDE * MAX_PNG_SIDE,
    failOn: 'error',
  })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => damaged('embedded PNG undecodable'));
  return { data: raw, width: info.width, height: info.height };
}

/**
 * A BMP/DIB icon image's pixels (RGBA): a BITMAPINFOHEADER, a palette for 1, 4 and 8 bits per
 * pixel, the colour rows (bottom-up, padded to 4 bytes) and the 1-bit transparency mask.
 */
export function decodeDib(data: Buffer): Pixels {
  if (data.length < 40) damaged('DIB header cut short');
  const headerSize = data.readUInt32LE(0);
  if (headerSize !== 40 && headerSize !== 108 && headerSize !== 124) {
    damaged(`DIB header of ${headerSize} bytes`);
  }
  const width = data.readInt32LE(4);
  const doubleHeight = data.readInt32LE(8);
  const planes = data.readUInt16LE(12);
  const bpp = data.readUInt16LE(14);
  const compression = data.readUInt32LE(16);
  const colorsUsed = data.readUInt32LE(32);
  const height = doubleHeight / 2;
  if (
    width < 1 ||
    width > ICO_MAX_SIDE ||
    !Number.isInteger(height) ||
    height < 1 ||
    height > ICO_MAX_SIDE
  ) {
    damaged(`DIB of ${width}×${doubleHeight / 2}`);
  }
  if (planes !== 1 || ![1, 4, 8, 24, 32].includes(bpp)) damaged(`DIB of ${bpp} bits per pixel`);
  if (compression !== 0) damaged('compressed DIB');
  const paletteSize = bpp <= 8 ? colorsUsed || 2 ** bpp : 0;
  if (paletteSize > 2 ** bpp) damaged('DIB palette too large');
  const paletteAt = headerSize;
  const xorAt = paletteAt + paletteSize * 4;
  const xorStride = Math.floor((bpp * width + 31) / 32) * 4;
  const andAt = xorAt + xorStride * height;
  const andStride = Math.floor((width + 31) / 32) * 4;
  if (andAt > data.length) damaged('DIB pixels cut short');
  // The mask is optional for 32-bit images (their alpha says it); required otherwise.
  const hasMask = andAt + andStride * height <= data.length;
  if (!hasMask && bpp !== 32) damaged('DIB mask cut short');

  const out = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = xorAt + (height - 1 - y) * xorStride; // rows are stored bottom-up
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      let b: number, g: number, r: number;
      let a = 255;
      if (bpp === 32) {
        b = data[row + x * 4]!;
        g = data[row + x * 4 + 1]!;
        r = data[row + x * 4 + 2]!;
        a = data[row + x * 4 + 3]!;
        if (a) anyAlpha = true;
      } else if (bpp === 24) {
        b = data[row + x * 3]!;
        g = data[row + x * 3 + 1]!;
        r = data[row + x * 3 + 2]!;
      } else {
        const bit = x * bpp;
        const byte = data[row + (bit >> 3)]!;
        const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        if (index >= paletteSize) damaged('DIB colour outside its palette');
        b = data[paletteAt + index * 4]!;
        g = data[paletteAt + index * 4 + 1]!;
        r = data[paletteAt + index * 4 + 2]!;
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a;
    }
  }
  // Old 32-bit icons leave alpha at 0 and use the mask; other depths always use it.
  if (hasMask && (bpp !== 32 || !anyAlpha)) {
    for (let y = 0; y < height; y++) {
      const row = andAt + (height - 1 - y) * andStride;
      for (let x = 0; x < width; x++) {
        const transparent = (data[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
        out[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { data: out, width, height };
}

/** A new ICO file holding one PNG image. */
function icoAround(png: Buffer, width: number, height: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(width >= 256 ? 0 : width, 6);
  head.writeUInt8(height >= 256 ? 0 : height, 7);
  head.writeUInt8(0, 8); // colour count: none (true colour)
  head.writeUInt8(0, 9);
  head.writeUInt16LE(1, 10); // planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, png]);
}

/**
 * The uploaded ICO rebuilt from pixels only: its largest image (the deepest colour among equals),
 * at most 256×256, as a PNG inside a fresh one-image ICO. Refuses a damaged file (UNSUPPORTED_FILE).
 */
export async function rebuildIco(buf: Buffer): Promise<Buffer> {
  const entries = icoEntries(buf);
  // Every image must at least be one of the two kinds ICO allows.
  for (const e of entries) {
    const data = buf.subarray(e.offset, e.offset + e.size);
    if (
      !data.subarray(0, 8).equals(PNG_SIGNATURE) &&
      ![40, 108, 124].includes(data.readUInt32LE(0))
    ) {
      damaged('an entry is neither PNG nor DIB');
    }
  }
  const best = entries.reduce((a, b) =>
    b.width * b.height > a.width * a.height ||
    (b.width * b.height === a.width * a.height && b.bitCount > a.bitCount)
      ? b
      : a,
  );
  const data = buf.subarray(best.offset, best.offset + best.size);
  const pixels = data.subarray(0, 8).equals(PNG_SIGNATURE)
    ? await decodePng(data)
    : decodeDib(data);
  const { data: png, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: 4 },
  })
    .resize({
      width: ICO_MAX_SIDE,
      height: ICO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return icoAround(png, info.width, info.height);
}
