/**
 * URL rules: links may only be http, https or mailto. Bare domains become https URLs, e-mail
 * addresses become mailto:, social handles become profile URLs. Anything else is dropped.
 */

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const DOMAIN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const HANDLE = /^@?[a-z0-9](?:[a-z0-9_.-]{0,98})$/i;

function hasControlChar(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function parseAbsolute(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function httpUrl(candidate: string): string | null {
  const url = parseAbsolute(candidate);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    return null;
  }
  return url.href;
}

/** Turns a user-supplied link into a safe http(s) or mailto URL, or returns null. */
export function safeUrl(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  // Control characters and whitespace inside a scheme are a classic filter bypass: refuse them.
  const value = input.trim();
  if (value === '' || value.length > 2048 || /\s/.test(value) || hasControlChar(value)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'mailto') {
    const address = value.slice(7).split('?')[0] ?? '';
    return EMAIL.test(decodeSafe(address)) ? `mailto:${address}` : null;
  }
  if (scheme === 'http' || scheme === 'https') return httpUrl(value);
  if (value.startsWith('//')) return httpUrl(`https:${value}`);
  if (EMAIL.test(value)) return `mailto:${value}`;
  if (DOMAIN.test(value)) return httpUrl(`https://${value}`);
  return null;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const profileBases = {
  github: 'https://github.com/',
  linkedin: 'https://www.linkedin.com/in/',
  twitter: 'https://x.com/',
} as const;

/** A social profile field: a full URL, a bare domain, or just a handle such as `@jane`. */
export function profileUrl(input: unknown, network: keyof typeof profileBases): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  if (HANDLE.test(value) && !value.includes('.')) {
    return `${profileBases[network]}${encodeURIComponent(value.replace(/^@/, ''))}`;
  }
  const url = safeUrl(value);
  return url?.startsWith('mailto:') ? null : url;
}

/** An e-mail field: returns a mailto: URL or null. */
export function emailUrl(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim().replace(/^mailto:/i, '');
  return EMAIL.test(value) ? `mailto:${value}` : null;
}

/** A phone field: a tel: URL made only of digits and a leading +, or null. */
export function telUrl(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const digits = input.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /^\+?\d{5,15}$/.test(digits) ? `tel:${digits}` : null;
}

const RASTER_DATA =
  /^data:image\/(?:png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon);base64,[a-z0-9+/]+=*$/i;

/**
 * An image source: http(s), a same-site path (`/uploads/x.png`: uploads are files, ADR 20), or an
 * inline raster image (content saved before uploads became files). SVG and every other scheme are
 * dropped.
 */
export function safeImageUrl(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim();
  if (RASTER_DATA.test(value)) return value;
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return value;
  if (/^https?:\/\//i.test(value)) return httpUrl(value);
  return null;
}

/** An absolute http(s) URL (canonical, og:url), or null. */
export function absoluteUrl(input: unknown, base?: string | null): string | null {
  if (typeof input !== 'string' || input.trim() === '') return null;
  const value = input.trim();
  if (/^https?:\/\//i.test(value)) return httpUrl(value);
  if (base && value.startsWith('/') && !value.startsWith('//')) {
    const root = httpUrl(base);
    if (!root) return null;
    try {
      return httpUrl(new URL(value, root).href);
    } catch {
      return null;
    }
  }
  return null;
}

/** Short human form of a link for display: no scheme, no `www.`, no trailing slash. */
export function displayUrl(url: string): string {
  return url
    .replace(/^mailto:/i, '')
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}
