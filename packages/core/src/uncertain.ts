import { z } from 'zod';

/**
 * "Check this" markers (ADR 19): fields and entries of imported resume
 * data that the parser is unsure of. The parser reports them with a parse; the portfolio keeps
 * them (settings.uncertain) until the user edits the field or confirms it.
 */

/** Why the parser is unsure. Codes only: no text from the document. */
export const uncertainReasons = [
  /** A learned decision whose probability was low. */
  'low-confidence',
  /** An entry's first line(s) had more parts than position, company, place and dates. */
  'unassigned-parts',
  /** Position and company could not be told apart: they may be swapped. */
  'role-or-company',
  /** A place that reads like the name of an organisation. */
  'looks-like-organisation',
  /** A field (field of study, name…) that reads like a place. */
  'looks-like-place',
  /** Not printed in this entry: taken from the entry above. */
  'filled-from-above',
  /** A date the parser could not read as a date or range. */
  'date-unparsed',
  /** Read under a heading the parser does not know. */
  'unknown-heading',
  /** Expected in every resume (work experience, a name…), but nothing was found. */
  'not-found',
] as const;
export const uncertainReasonSchema = z.enum(uncertainReasons);
export type UncertainReason = z.infer<typeof uncertainReasonSchema>;

/** What a marker tells the user, per reason. */
export const uncertainReasonText: Record<UncertainReason, string> = {
  'low-confidence': 'We were not sure we read this right.',
  'unassigned-parts': 'Part of this entry’s heading did not fit a field.',
  'role-or-company': 'Position and company may be swapped.',
  'looks-like-organisation': 'This looks like an organisation, not a place.',
  'looks-like-place': 'This looks like a place.',
  'filled-from-above': 'Taken from the entry above.',
  'date-unparsed': 'We could not read this date.',
  'unknown-heading': 'Read from a section we did not recognise.',
  'not-found':
    'We found none in your document. Add it here, or choose “Looks right” if you have none.',
};

/**
 * A path into resume data, JSON-pointer-like without the leading slash: "contact/location",
 * "experience/2/company", "education/0" (a whole entry).
 */
export const uncertainPathSchema = z
  .string()
  .max(120)
  .regex(/^[a-z_]+(?:\/(?:\d{1,4}|[a-z_]+))*$/, 'Not a resume data path');

export const uncertainFieldSchema = z.object({
  path: uncertainPathSchema,
  reason: uncertainReasonSchema,
});
export type UncertainField = z.infer<typeof uncertainFieldSchema>;

/** Most markers kept for one resume. */
export const MAX_UNCERTAIN = 200;
export const uncertainListSchema = z.array(uncertainFieldSchema).max(MAX_UNCERTAIN);

/** The value at `path` in `data` (undefined when there is none). */
export function valueAtPath(data: unknown, path: string): unknown {
  let v: unknown = data;
  for (const key of path.split('/')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const present = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** Markers whose path names something present in `data`, one per path. */
export function uncertainIn(data: object, list: readonly UncertainField[]): UncertainField[] {
  const seen = new Set<string>();
  return list.filter((u) => {
    if (seen.has(u.path) || !present(valueAtPath(data, u.path))) return false;
    seen.add(u.path);
    return true;
  });
}

/** Removes the marker on `path` (confirmed: "Looks right"). */
export const confirmUncertain = (list: readonly UncertainField[], path: string) =>
  list.filter((u) => u.path !== path);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The markers after the resume data changed from `before` to `after` in an editor: a marker goes
 * when its field (or, for an entry marker, anything in the entry) was edited or its entry removed;
 * it follows its entry when entries are reordered (an entry kept unchanged keeps its object).
 */
export function uncertainAfterEdit(
  list: readonly UncertainField[],
  before: object,
  after: object,
): UncertainField[] {
  const out: UncertainField[] = [];
  for (const u of list) {
    const [section = '', index, ...rest] = u.path.split('/');
    const oldList = (before as Record<string, unknown>)[section];
    const newList = (after as Record<string, unknown>)[section];
    if (Array.isArray(oldList) && index !== undefined && /^\d+$/.test(index)) {
      const entry: unknown = oldList[Number(index)];
      const moved = Array.isArray(newList) ? newList.indexOf(entry) : -1;
      if (moved >= 0) {
        out.push({ ...u, path: [section, String(moved), ...rest].join('/') });
        continue;
      }
      // edited in place (a new object at the same position) or removed
      const sameLength = Array.isArray(newList) && newList.length === oldList.length;
      if (
        sameLength &&
        same(valueAtPath(before, u.path), valueAtPath(after, u.path)) &&
        rest.length
      )
        out.push(u);
      continue;
    }
    if (same(valueAtPath(before, u.path), valueAtPath(after, u.path))) out.push(u);
  }
  return out;
}

const ENTRY_PATH = /^[a-z_]+\/\d+$/;
/** Reasons that read right on a whole entry. */
const ENTRY_REASONS = new Set<UncertainReason>([
  'role-or-company',
  'unassigned-parts',
  'filled-from-above',
]);

/**
 * One marker per path, and one per entry: an entry marked as a whole takes the place of the
 * markers on its fields (an edit anywhere in the entry clears its marker, uncertainAfterEdit), and
 * says the most specific reason any of them gave ("Position and company may be swapped").
 */
export function onePerEntry(marks: readonly UncertainField[]): UncertainField[] {
  const entries = new Map<string, UncertainField>();
  for (const m of marks)
    if (ENTRY_PATH.test(m.path) && !entries.has(m.path)) entries.set(m.path, { ...m });
  const out: UncertainField[] = [];
  const seen = new Set<string>();
  for (const m of marks) {
    const entry = /^[a-z_]+\/\d+/.exec(m.path)?.[0];
    const whole = entry && entry !== m.path ? entries.get(entry) : undefined;
    if (whole) {
      if (whole.reason === 'low-confidence' && ENTRY_REASONS.has(m.reason)) whole.reason = m.reason;
      continue;
    }
    if (seen.has(m.path)) continue;
    seen.add(m.path);
    out.push(entries.get(m.path) ?? m);
  }
  return out;
}
