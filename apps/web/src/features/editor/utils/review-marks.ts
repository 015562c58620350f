import type { UncertainField } from '@folio/core';

/**
 * Where each "Check this" mark is shown in the Resume editor, and their order there, for the
 * review's "N left" and "Next". A mark sits on the field, entry or section its path names; a mark
 * deeper than anything the editor shows on its own (one skill of a list, one bullet) sits on the
 * list that holds it.
 */

/** The editor's sections in the order it shows them, each with its fields in order. */
const layout: readonly (readonly [section: string, fields: readonly string[]])[] = [
  [
    'contact',
    ['name', 'title', 'email', 'phone', 'location', 'portfolio', 'linkedin', 'github', 'twitter'],
  ],
  ['summary', []],
  [
    'experience',
    ['position', 'company', 'location', 'dates', 'description', 'technologies', 'achievements'],
  ],
  [
    'education',
    ['institution', 'degree', 'field_of_study', 'dates', 'gpa', 'courses', 'achievements'],
  ],
  ['projects', ['name', 'url', 'dates', 'status', 'description', 'features', 'technologies']],
  ['skills', ['technical', 'soft', 'tools', 'certifications']],
  ['awards', []],
  ['verbal_languages', []],
  ['extracurricular', []],
  ['publications', ['title', 'venue', 'url']],
];
const sections = new Map(layout.map(([s, fields], rank) => [s, { rank, fields }]));
/** Sections whose items are entries with fields of their own (an entry can be marked whole). */
const entrySections = new Set(['experience', 'education', 'projects', 'publications']);

/** The path of what shows the mark on `path`; null when the editor does not show it at all. */
export function markAnchor(path: string): string | null {
  const [section = '', second, third] = path.split('/');
  const known = sections.get(section);
  if (!known) return null;
  if (second === undefined) return section;
  if (entrySections.has(section)) {
    if (!/^\d+$/.test(second)) return section;
    const entry = `${section}/${second}`;
    return third !== undefined && known.fields.includes(third) ? `${entry}/${third}` : entry;
  }
  return known.fields.includes(second) ? `${section}/${second}` : section;
}

/** Where an anchor comes in the editor: section, then entry, then field (the whole before its parts). */
function position(anchor: string): [number, number, number] {
  const [section = '', second, third] = anchor.split('/');
  const known = sections.get(section);
  const rank = known?.rank ?? sections.size;
  if (second === undefined) return [rank, -1, -1];
  if (entrySections.has(section))
    return [rank, Number(second), third === undefined ? -1 : (known?.fields.indexOf(third) ?? 0)];
  return [rank, 0, known?.fields.indexOf(second) ?? 0];
}

/** Negative when anchor `a` comes before `b` in the editor. */
export function compareAnchors(a: string, b: string): number {
  const pa = position(a);
  const pb = position(b);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** One place the review walks to: what it shows and the marks that sit there. */
export interface MarkStop {
  anchor: string;
  marks: UncertainField[];
}

/** The places marked, in the order the editor shows them: what "N left" counts. */
export function markStops(list: readonly UncertainField[] | undefined): MarkStop[] {
  const stops = new Map<string, UncertainField[]>();
  for (const mark of list ?? []) {
    const anchor = markAnchor(mark.path);
    if (anchor === null) continue;
    const marks = stops.get(anchor);
    if (marks) marks.push(mark);
    else stops.set(anchor, [mark]);
  }
  return [...stops]
    .map(([anchor, marks]) => ({ anchor, marks }))
    .sort((a, b) => compareAnchors(a.anchor, b.anchor));
}

/**
 * The stop after (`step` 1) or before (-1) `current`, wrapping at the ends. When `current` is no
 * longer marked (just fixed or confirmed), the one that now stands where it stood.
 */
export function stepStop(
  anchors: readonly string[],
  current: string | null,
  step: 1 | -1,
): string | null {
  if (!anchors.length) return null;
  const first = step === 1 ? anchors[0]! : anchors.at(-1)!;
  if (current === null) return first;
  const at = anchors.indexOf(current);
  if (at >= 0) return anchors[(at + step + anchors.length) % anchors.length]!;
  const after =
    step === 1
      ? anchors.find((a) => compareAnchors(a, current) > 0)
      : anchors.findLast((a) => compareAnchors(a, current) < 0);
  return after ?? first;
}
