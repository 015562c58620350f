/**
 * The bytes of the self-hosted font files (fonts.ts), read from their npm packages, for whatever
 * serves them (apps/server, benchmarks, screenshot scripts). Node only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FONT_PATH, fontFiles } from './fonts.ts';

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

/** What a stand-in site answers through: the part of a browser's route (Playwright's) it uses. */
export interface StandInRoute {
  request(): { url(): string };
  fulfill(response: {
    status?: number;
    body: string | Buffer;
    headers?: Record<string, string>;
    contentType?: string;
  }): Promise<void>;
}

/**
 * A route handler that serves a stand-in site origin as a published site is served: the
 * self-hosted font files under FONT_PATH, the page's current HTML (`html()`) at `/`, 404 for
 * anything else. Screenshot scripts and browser tests route their stand-in origin through it.
 */
export function standInSite(html: () => string): (route: StandInRoute) => Promise<void> {
  const fonts = readFontFiles();
  return (route) => {
    const { pathname } = new URL(route.request().url());
    const font = pathname.startsWith(FONT_PATH)
      ? fonts.get(pathname.slice(FONT_PATH.length))
      : undefined;
    if (font) return route.fulfill({ body: font, headers: fontHeaders });
    if (pathname === '/') {
      return route.fulfill({ body: html(), contentType: 'text/html; charset=utf-8' });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  };
}
