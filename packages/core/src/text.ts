import { z } from 'zod';

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

/** Why a request value holding a NUL character or a lone surrogate is refused. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Text must not contain NUL characters or broken Unicode (lone surrogates).';

/**
 * The path of the first string (or object key) in `value` that no store can hold as it is: one
 * with a NUL character (PostgreSQL refuses \u0000 in text and jsonb) or a lone surrogate (jsonb
 * refuses its escape; text would silently store U+FFFD). Undefined when there is none.
 */
export function unstorableTextPath(value: unknown): (string | number)[] | undefined {
  const bad = (s: string) => s.includes('\u0000') || !s.isWellFormed();
  // Iterative, with parent links: a body nested 100,000 deep must not overflow the call stack.
  interface Step {
    value: unknown;
    key?: string | number;
    parent?: Step;
  }
  const pathOf = (step: Step | undefined, last?: string): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let s = step; s?.parent; s = s.parent) path.push(s.key!);
    path.reverse();
    if (last !== undefined) path.push(last);
    return path;
  };
  const stack: Step[] = [{ value }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (bad(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [k] of entries) if (bad(k)) return pathOf(step, k);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
      }
    }
  }
  return undefined;
}

/**
 * `schema`, refusing first any input that holds unstorable text (see unstorableTextPath), with
 * the path of the value and UNSTORABLE_TEXT_MESSAGE. The server wraps every route's schemas in it.
 */
export function refuseUnstorableText<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = unstorableTextPath(value);
      if (path) ctx.addIssue({ code: 'custom', path, message: UNSTORABLE_TEXT_MESSAGE });
    })
    .pipe(schema);
}
