/**
 * Text that every store and page can hold: control characters other than tab and newlines
 * removed (PostgreSQL refuses \u0000 in text and jsonb), lone surrogates replaced (U+FFFD).
 */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').toWellFormed();
}

/** cleanText applied to every string of a JSON-like value (keys included). */
export function cleanJson<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return cleanText(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [cleanText(k), walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}
