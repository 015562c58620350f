import { z } from 'zod';

/**
 * Size caps of portfolio content (ADR 15): what a single field may hold, and the whole. A page
 * is built from content on every preview and publish, so unbounded content is unbounded work.
 */
export const fieldLimits = {
  /** One line: a name, a title, a date, a place. */
  line: 1_000,
  /** Running text: the summary, one description item. */
  text: 20_000,
  /** A web address. */
  url: 2_048,
  /** An image address; `data:` URLs of small images (older content) included. */
  image: 350_000,
  /** A style value: a colour, a font, a class name. */
  style: 200,
  /** Items of one list (entries of a section, lines of a description). */
  items: 1_000,
} as const;

/** Largest content of one portfolio, as JSON (UTF-8 bytes). */
export const MAX_CONTENT_BYTES = 512 * 1024;

/**
 * Caps are a rule on what is written. Content already stored (read from the database, shown in a
 * response, rendered) is read as stored even when it is over a cap: it was saved before the caps
 * existed, and refusing to read it would lose the user's work. Parsing is synchronous, so a count
 * of the readers in progress is enough to tell the checks to stand aside.
 */
let readingStored = 0;

/** Runs `read` (a synchronous parse) with the caps of this file not checked. */
export function withoutCaps<T>(read: () => T): T {
  readingStored++;
  try {
    return read();
  } finally {
    readingStored--;
  }
}

/** Options of a cap written as a refinement: stands aside while reading stored content. */
export const capOptions = (message: string) => ({
  message,
  when: (payload: { issues: readonly unknown[] }) =>
    readingStored === 0 && payload.issues.length === 0,
});

/** `max` on a string or an array (zod's too_big issue), except while reading stored content. */
const cap =
  (max: number, message: string, origin: 'string' | 'array') =>
  (ctx: { value: string | unknown[]; issues: z.core.$ZodRawIssue[] }) => {
    if (readingStored === 0 && ctx.value.length > max) {
      ctx.issues.push({
        code: 'too_big',
        origin,
        maximum: max,
        inclusive: true,
        input: ctx.value,
        message,
      });
    }
  };

const tooLong = (max: number) => `Too long: at most ${max.toLocaleString('en-US')} characters`;
const capped = (max: number) => () => z.string().check(cap(max, tooLong(max), 'string'));

export const lineField = capped(fieldLimits.line);
export const textField = capped(fieldLimits.text);
export const urlField = capped(fieldLimits.url);
export const imageField = capped(fieldLimits.image);
export const styleField = capped(fieldLimits.style);
/** A list of at most `fieldLimits.items` items. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .check(cap(fieldLimits.items, `Too many items: at most ${fieldLimits.items}`, 'array'));

/** UTF-8 length of a string, without encoding it. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** The message shown when content is over MAX_CONTENT_BYTES. */
export const contentTooLargeMessage = (bytes: number) =>
  `Content too large: a portfolio's content can be at most ${kb(MAX_CONTENT_BYTES)} (this is ${kb(bytes)}). Shorten the text or use uploaded images instead of embedded ones.`;

/**
 * `value` cut down to fit `schema`'s length caps: every string or list the schema finds too long
 * is shortened to its maximum (e.g. a parsed resume with one paragraph beyond a field's cap).
 * Anything else the schema refuses is left for the caller's own `parse` to report.
 */
export function clipToCaps<T>(schema: z.ZodType<T>, value: unknown): unknown {
  let current = value;
  for (let round = 0; round < 5; round++) {
    const result = schema.safeParse(current);
    if (result.success) return current;
    const tooBig = result.error.issues.filter(
      (i) =>
        i.code === 'too_big' &&
        (i.origin === 'string' || i.origin === 'array') &&
        typeof i.maximum === 'number',
    );
    if (tooBig.length === 0) return current;
    current = structuredClone(current);
    for (const issue of tooBig) {
      if (issue.code !== 'too_big') continue;
      const max = Number(issue.maximum);
      const parentPath = issue.path.slice(0, -1);
      const key = issue.path[issue.path.length - 1];
      let parent: unknown = current;
      for (const k of parentPath) parent = (parent as Record<PropertyKey, unknown>)[k];
      if (key === undefined) {
        if (typeof current === 'string' || Array.isArray(current)) current = current.slice(0, max);
        continue;
      }
      const holder = parent as Record<PropertyKey, unknown>;
      const v = holder[key];
      if (typeof v === 'string' || Array.isArray(v)) holder[key] = v.slice(0, max);
    }
  }
  return current;
}
