/** Locations of pdfjs-dist's font data and CMaps on disk, for Node callers. */
import { createRequire } from 'node:module';
import path from 'node:path';

let cached: { standardFontDataUrl: string; cMapUrl: string } | undefined;

export function nodePdfAssets(): { standardFontDataUrl: string; cMapUrl: string } {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('pdfjs-dist/package.json'));
  cached = {
    standardFontDataUrl: path.join(dir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(dir, 'cmaps') + path.sep,
  };
  return cached;
}
