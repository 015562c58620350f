/**
 * The bytes of the self-hosted font files (fonts.ts), read from their npm packages, for whatever
 * serves them (apps/server, benchmarks, screenshot scripts). Node only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fontFiles } from './fonts.ts';

const require = createRequire(import.meta.url);

/** Each font file's bytes by its name under FONT_PATH, read once. */
export function readFontFiles(): ReadonlyMap<string, Buffer> {
  return new Map(
    [...fontFiles].map(([name, f]) => [name, readFileSync(require.resolve(f.source))]),
  );
}

/** Response headers of a font file: immutable (its name changes with its bytes), any origin. */
export const fontHeaders = {
  'content-type': 'font/woff2',
  'cache-control': 'public, max-age=31536000, immutable',
  // Fonts are fetched in CORS mode: sandboxed pages (opaque origin: /s/{label}/, previews) and
  // other hosts' pages must be allowed to use them.
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
} as const;
