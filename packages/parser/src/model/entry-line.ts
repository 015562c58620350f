/**
 * The learned entry-line model (ADR 25: where one entry ends and the next begins): for
 * each line of an experience, education or projects section, the probability that it is part of
 * an entry's head (role, organisation, place, dates), starts a description item, or continues the
 * item above. Multinomial logistic regression over layout features of the line in its section
 * (style, indentation, gaps, how full the line above is and whether this line's first word would
 * have fitted on it) and hashed words (action verbs start items, organisation words make heads).
 * Trained by scripts/train-entry-lines.node.ts on the generated development families only, so the
 * real corpus and the held-out families score it on documents it never saw.
 *
 * The parser uses it for description items that carry no list glyph ("Prepared legal memoranda …"
 * under a role, in layouts without bullets): where the rules of entries.ts would take such a line
 * into an entry's head, or start a new entry with it, and the model is sure it starts an item, it
 * is read as an item of the entry above.
 */
import { hasDate, isDateOnly } from '../dates.ts';
import { normKey, wordCount } from '../text.ts';
import { lineBold, lineSize, lineText, lineX, lineX2, type Line } from '../types.ts';
import weights from './entry-line.json' with { type: 'json' };
import { bucket, HASH_BUCKETS } from './features.ts';
import { chosenWeights } from './active.ts';
import { scoreLine, type ModelWeights } from './line-role.ts';

export const ENTRY_LINE_CLASSES = ['head', 'item', 'cont'] as const;
export type EntryLineClass = (typeof ENTRY_LINE_CLASSES)[number];

export const ENTRY_DENSE_NAMES = [
  'bias',
  'bold',
  'sizeRatio',
  'bullet',
  'startsLower',
  'startsUpper',
  'date',
  'dateOnly',
  'segments',
  'words',
  'endsPunct',
  'indent',
  'gap',
  'prevEndsSentence',
  'prevFill',
  'wordWouldFit',
  'sameXAsPrev',
  'prevBold',
  'prevDate',
  'fill',
  'first',
  'prevBullet',
  'commas',
  'prevItemLike',
] as const;
export const ENTRY_DENSE = ENTRY_DENSE_NAMES.length;

export interface EntryLineFeatures {
  dense: Float64Array;
  sparse: number[];
  text: string;
}

const startsLower = (s: string) => /^[\p{Ll}(,;&]/u.test(s);
const startsUpper = (s: string) => /^\p{Lu}/u.test(s);
const endsSentence = (s: string) => /[.!?。:;]\s*$/.test(s);

/** The features of every line of one section, in order. */
export function entryLineFeatures(lines: Line[]): EntryLineFeatures[] {
  const xs = lines.map(lineX);
  const minX = xs.length ? Math.min(...xs) : 0;
  const maxX2 = lines.length ? Math.max(...lines.map(lineX2)) : 1;
  const span = Math.max(1, maxX2 - minX);
  const sizes = lines.map(lineSize).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 10;
  return lines.map((l, i) => {
    const prev = lines[i - 1];
    const text = lineText(l).trim();
    const prevText = prev ? lineText(prev).trim() : '';
    const size = lineSize(l) || body;
    const first = l.segs[0];
    const firstWord = text.split(/\s+/)[0] ?? '';
    // width of the first word, from the line's own average character width
    const charW = first && first.text.length ? (first.x2 - first.x) / first.text.length : size / 2;
    const wouldFit = prev ? lineX2(prev) + charW * (firstWord.length + 1) < maxX2 - size : false;
    const d = new Float64Array(ENTRY_DENSE);
    let k = 0;
    d[k++] = 1;
    d[k++] = lineBold(l) ? 1 : 0;
    d[k++] = Math.min(2, size / body) - 1;
    d[k++] = l.bullet ? 1 : 0;
    d[k++] = startsLower(text) ? 1 : 0;
    d[k++] = startsUpper(text) ? 1 : 0;
    d[k++] = hasDate(text) ? 1 : 0;
    d[k++] = isDateOnly(text) ? 1 : 0;
    d[k++] = l.segs.length > 1 ? 1 : 0;
    d[k++] = Math.min(3, wordCount(text) / 10);
    d[k++] = /[.!?;:]$/.test(text) ? 1 : 0;
    d[k++] = Math.min(2, (lineX(l) - minX) / (5 * size));
    d[k++] = i === 0 ? 1 : Math.min(3, Math.max(0, l.gap)) / 3;
    d[k++] = prev && endsSentence(prevText) ? 1 : 0;
    d[k++] = prev ? (lineX2(prev) - minX) / span : 0;
    d[k++] = wouldFit ? 1 : 0;
    d[k++] = prev && Math.abs(lineX(prev) - lineX(l)) < 2 ? 1 : 0;
    d[k++] = prev && lineBold(prev) ? 1 : 0;
    d[k++] = prev && hasDate(prevText) ? 1 : 0;
    d[k++] = (lineX2(l) - minX) / span;
    d[k++] = i === 0 ? 1 : 0;
    d[k++] = prev?.bullet ? 1 : 0;
    d[k++] = Math.min(3, (text.match(/,/g) ?? []).length) / 3;
    d[k++] = prev && !lineBold(prev) && wordCount(prevText) >= 5 ? 1 : 0;
    const words = normKey(text).split(' ').filter(Boolean);
    const sparse = new Set<number>();
    if (words[0]) sparse.add(bucket(`f:${words[0]}`));
    for (const w of words.slice(0, 12)) sparse.add(bucket(`w:${w}`));
    const prevLast = normKey(prevText).split(' ').pop();
    if (prevLast) sparse.add(bucket(`p:${prevLast}`));
    return { dense: d, sparse: [...sparse].sort((a, b) => a - b), text };
  });
}

export const entryLineWeights = weights as ModelWeights;

/** The weights match the feature code (a stale weights file is ignored, never misread). */
export const entryWeightsUsable = (m: ModelWeights): boolean =>
  m.dense === ENTRY_DENSE &&
  m.buckets === HASH_BUCKETS &&
  m.classes.length === ENTRY_LINE_CLASSES.length &&
  m.classes.every((c, i) => c === ENTRY_LINE_CLASSES[i]) &&
  m.w.length === m.classes.length &&
  m.w.every((r) => r.length === ENTRY_DENSE + HASH_BUCKETS);

/** Probability of each class for every line of a section. */
export function entryLineRoles(
  lines: Line[],
  m: ModelWeights = entryLineWeights,
): Record<EntryLineClass, number>[] {
  return entryLineFeatures(lines).map((f) => {
    const p = scoreLine(m, f);
    return { head: p[0] ?? 0, item: p[1] ?? 0, cont: p[2] ?? 0 };
  });
}

/** A line without a list glyph is read as a description item from this probability on. */
export const ITEM_SURE = 0.8;

/**
 * For each line of a section, whether the model is sure it starts a description item (a line with
 * a list glyph is left to the rules; so is every line when the model is off). A line that starts
 * in lower case is never called an item (it goes on from the line above), nor is a short one.
 */
export function itemStarts(lines: Line[]): boolean[] {
  const m = chosenWeights('entry-line', entryLineWeights);
  if (!m || !entryWeightsUsable(m) || lines.length < 3) return lines.map(() => false);
  return entryLineFeatures(lines).map((f, i) => {
    // a short line ("实习 导师: 李四", "Intern") is a head part as often as an item
    if (lines[i]?.bullet || startsLower(f.text) || f.text.replace(/\s/g, '').length < 16)
      return false;
    return (scoreLine(m, f)[1] ?? 0) >= ITEM_SURE;
  });
}
