/**
 * A QR code of a site's address, made here in the browser (the `qrcode` package's encoder; no
 * remote service), and the two files it is offered as: SVG (scalable, for print) and PNG pixels.
 * This module is only reached through a lazy import (share-qr.tsx), so the encoder stays out of
 * the first routes' JavaScript.
 */
import { create } from 'qrcode';

/** The quiet zone the QR specification asks for around the symbol, in modules. */
export const QR_MARGIN = 4;

/** A square of dark and light modules. */
export interface QrMatrix {
  size: number;
  isDark: (row: number, col: number) => boolean;
}

/** Error correction M (15 %): a printed code still reads with a smudge, and stays small. */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, col) => Boolean(modules.get(row, col)) };
}

/** The dark modules as one SVG path in module units, offset by the quiet zone (one run per row). */
export function qrPath(qr: QrMatrix, margin = QR_MARGIN): string {
  const parts: string[] = [];
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.isDark(row, col)) col++;
      parts.push(`M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`);
    }
  }
  return parts.join('');
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A standalone SVG file: white background with the quiet zone, black modules, a title. */
export function qrSvg(qr: QrMatrix, title: string, pixels = 512): string {
  const side = qr.size + 2 * QR_MARGIN;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
    `<path fill="#000000" d="${qrPath(qr)}"/>` +
    `</svg>\n`
  );
}

/** Module size that makes the PNG at least `minPixels` wide (about 1000 px: sharp in print). */
export const pngScale = (qr: QrMatrix, minPixels = 1000) =>
  Math.ceil(minPixels / (qr.size + 2 * QR_MARGIN));

/** RGBA pixels of the code, `scale` pixels per module, quiet zone included (ImageData's layout). */
export function qrPixels(qr: QrMatrix, scale: number) {
  const width = (qr.size + 2 * QR_MARGIN) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (!qr.isDark(row, col)) continue;
      const x0 = (col + QR_MARGIN) * scale;
      const y0 = (row + QR_MARGIN) * scale;
      for (let y = y0; y < y0 + scale; y++) {
        const rowStart = (y * width + x0) * 4;
        for (let i = rowStart; i < rowStart + scale * 4; i += 4) {
          data[i] = 0;
          data[i + 1] = 0;
          data[i + 2] = 0;
        }
      }
    }
  }
  return { width, height: width, data };
}

/** The PNG file, drawn on a canvas from `qrPixels` (browser only). */
export async function qrPngBlob(qr: QrMatrix): Promise<Blob> {
  const { width, height, data } = qrPixels(qr, pngScale(qr));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images.');
  context.putImageData(new ImageData(data, width, height), 0, 0);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not make the PNG.'))),
      'image/png',
    );
  });
}

/** A file name from the site's label: `jane-doe-qr-code.svg`. */
export const qrFileName = (label: string | null, extension: 'svg' | 'png') =>
  `${(label ?? '').replace(/[^a-z0-9-]/gi, '') || 'portfolio'}-qr-code.${extension}`;
