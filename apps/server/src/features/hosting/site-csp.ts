import { createHash } from 'node:crypto';
import { templateDefinitions } from '@folio/renderer';

/** A CSP hash source: the SHA-256 of an inline element's text as the browser parses it. */
function hashSource(text: string) {
  // The HTML parser turns CR LF and lone CR into LF and NUL into U+FFFD before the browser
  // hashes the element's text.
  const parsed = text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  return `'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`;
}

/**
 * The only scripts a published page may run: the templates' own (packages/renderer). A script
 * that is in a page but not among these never runs, even if an escaping mistake let it in.
 */
const templateScripts = new Set(
  Object.values(templateDefinitions).flatMap((t) => (t.script ? [hashSource(t.script)] : [])),
);

const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The Content-Security-Policy of one published version, built once when the version is read:
 * its inline <style> elements and its template's <script> are allowed by their SHA-256 hashes
 * (ADR 0009: pages are static, so the hashes are fixed per version and the precompressed bodies
 * stay valid; a nonce fixed per version would be public and reusable). Style attributes are
 * allowed (the renderer writes per-element colours); JSON-LD data blocks are never executed and
 * need no allowance.
 */
export function publishedSiteCsp(html: string): string {
  const styles = new Set<string>();
  for (const m of html.matchAll(STYLE)) styles.add(hashSource(m[1] ?? ''));
  const scripts = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    if (/\btype\s*=\s*["']?application\/ld\+json/i.test(m[1] ?? '')) continue;
    const hash = hashSource(m[2] ?? '');
    if (templateScripts.has(hash)) scripts.add(hash);
  }
  return [
    "default-src 'none'",
    `style-src ${[...styles].join(' ') || "'none'"}`,
    "style-src-attr 'unsafe-inline'",
    `script-src ${[...scripts].join(' ') || "'none'"}`,
    // The site's own uploaded images come from its own address ('self').
    "img-src 'self' https: data:",
    // The self-hosted fonts come from the address the page is served at ('self': /fonts/).
    "font-src 'self' https: data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
