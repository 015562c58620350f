/**
 * The learned head-part model (ADR 26: which part of an entry head is the company and
 * which the position). The rules of fields.ts cut an experience head into its parts, take the
 * dates, links and place out, and name the rest by the words they know (role nouns, legal forms,
 * kinds of organisation). Where those words cannot tell ("Nova Talent" / "HR Generalist", or two
 * parts of no known kind), this model decides, from the parts' words as the lexicon reads them
 * (head-words.ts), their shape (length, capitals, digits, script) and their place in the head
 * (line, order, bold, size, beside the date).
 *
 * Logistic regression, trained by scripts/train-head-parts.node.ts on the generated development
 * families only. It holds no word list of its own: a name it has seen in training is worth
 * nothing to it (hashed words were tried and dropped: they learned the generator's names and
 * lost on the real corpus).
 */
import { isLocation } from '../contact.ts';
import { hasDate } from '../dates.ts';
import type { Block } from '../entries.ts';
import {
  companyScore,
  DEGREE,
  INSTITUTION,
  isCjkPlace,
  POSTCODE_TOWN,
  roleScore,
  townPart,
  VENUE,
} from '../head-words.ts';
import { wordCount } from '../text.ts';
import { lineBold, lineSize, lineText } from '../types.ts';
import weights from './head-part.json' with { type: 'json' };
import { bucket, HASH_BUCKETS } from './features.ts';
import { chosenWeights } from './active.ts';
import { scoreLine, type ModelWeights } from './line-role.ts';

/** A text as a regular expression that matches it literally. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const HEAD_PART_CLASSES = ['company', 'position'] as const;
export type HeadPartClass = (typeof HEAD_PART_CLASSES)[number];

/** One part of an entry head, where it stands. */
export interface HeadPart {
  text: string;
  /** Index of its piece in the head, and of its line (-1: a right-aligned piece of a body line). */
  piece: number;
  line: number;
  /** Index of the part in its piece and how many parts the piece has. */
  index: number;
  count: number;
  bold: boolean;
  /** Its size against the largest text of the head. */
  size: number;
  /** Its piece had the entry's date in it, or its line did. */
  datedPiece: boolean;
  datedLine: boolean;
  /** The separator printed before the next part of the same piece ("", ", ", " – ", " at "). */
  joiner: string;
  /** The entry's place is printed right after it ("Riverside Logistics, Rio de Janeiro"). */
  withPlace: boolean;
}

/**
 * The rules' candidate parts of a head (what is left once dates, links and the place are taken
 * out), each with where it stands: the first head line that prints it, its style, its order.
 */
export function candidateParts(block: Block, cands: readonly string[], place?: string): HeadPart[] {
  const maxSize = Math.max(1, ...block.head.map(lineSize));
  return cands.map((text, piece) => {
    const line = block.head.findIndex((l) => lineText(l).includes(text));
    const l = block.head[line];
    return {
      text,
      piece,
      line,
      index: 0,
      count: 1,
      bold: l ? lineBold(l) : false,
      size: l ? lineSize(l) / maxSize : 1,
      datedPiece: hasDate(text),
      datedLine: l ? hasDate(lineText(l)) : false,
      joiner: '',
      withPlace:
        !!place &&
        !!l &&
        new RegExp(`${escape(text)}[\\s,;|·–—-]*${escape(place)}`).test(lineText(l)),
    };
  });
}

export const HEAD_DENSE_NAMES = [
  'bias',
  'role',
  'roleTail',
  'company',
  'institution',
  'degree',
  'location',
  'town',
  'postcodeTown',
  'cjkPlace',
  'words',
  'digits',
  'caps',
  'lower',
  'han',
  'line0',
  'line1',
  'line2',
  'extra',
  'piece0',
  'piece1',
  'piece2',
  'firstPart',
  'lastPart',
  'inList',
  'bold',
  'size',
  'datedPiece',
  'datedLine',
  'lines',
  'prevTown',
  'nextTown',
  'prevRole',
  'nextRole',
  'prevCompany',
  'nextCompany',
  'onlyPart',
  'boldAny',
  'placeWithPrev',
  'placeWithNext',
  'withPlace',
  'venue',
  'joined',
] as const;
export const HEAD_DENSE = HEAD_DENSE_NAMES.length;

export interface HeadPartFeatures {
  dense: Float64Array;
  sparse: number[];
}

/** The features of every part of one head. */
export function headPartFeatures(parts: HeadPart[]): HeadPartFeatures[] {
  const lines = new Set(parts.map((p) => p.line)).size;
  const boldAny = parts.some((p) => p.bold);
  const isTown = parts.map((p) => isLocation(p.text) || townPart(p.text));
  const role = parts.map((p) => roleScore(p.text));
  const org = parts.map((p) => companyScore(p.text));
  return parts.map((p, i) => {
    const t = p.text;
    const d = new Float64Array(HEAD_DENSE);
    let k = 0;
    const same = (j: number) => parts[j]?.piece === p.piece;
    d[k++] = 1;
    d[k++] = role[i]! > 0 ? 1 : 0;
    d[k++] = role[i]! > 1 ? 1 : 0;
    d[k++] = org[i]! > 0 ? 1 : 0;
    d[k++] = INSTITUTION.test(t) ? 1 : 0;
    d[k++] = DEGREE.test(t) ? 1 : 0;
    d[k++] = isLocation(t) ? 1 : 0;
    d[k++] = townPart(t) ? 1 : 0;
    d[k++] = POSTCODE_TOWN.test(t) ? 1 : 0;
    d[k++] = isCjkPlace(t) ? 1 : 0;
    d[k++] = Math.min(3, wordCount(t) / 4);
    d[k++] = /\d/.test(t) ? 1 : 0;
    d[k++] = /^[\p{Lu}\d\s&.,'-]+$/u.test(t) && /\p{Lu}{2}/u.test(t) ? 1 : 0;
    d[k++] = /^\p{Ll}/u.test(t) ? 1 : 0;
    d[k++] = /\p{Script=Han}/u.test(t) ? 1 : 0;
    d[k++] = p.line === 0 ? 1 : 0;
    d[k++] = p.line === 1 ? 1 : 0;
    d[k++] = p.line >= 2 ? 1 : 0;
    d[k++] = p.line < 0 ? 1 : 0;
    d[k++] = p.piece === 0 ? 1 : 0;
    d[k++] = p.piece === 1 ? 1 : 0;
    d[k++] = p.piece >= 2 ? 1 : 0;
    d[k++] = p.index === 0 ? 1 : 0;
    d[k++] = p.index === p.count - 1 ? 1 : 0;
    d[k++] = p.count > 1 ? 1 : 0;
    d[k++] = p.bold ? 1 : 0;
    d[k++] = p.size - 1;
    d[k++] = p.datedPiece ? 1 : 0;
    d[k++] = p.datedLine ? 1 : 0;
    d[k++] = Math.min(3, lines) / 3;
    d[k++] = same(i - 1) && isTown[i - 1] ? 1 : 0;
    d[k++] = same(i + 1) && isTown[i + 1] ? 1 : 0;
    d[k++] = (role[i - 1] ?? 0) > 0 ? 1 : 0;
    d[k++] = (role[i + 1] ?? 0) > 0 ? 1 : 0;
    d[k++] = (org[i - 1] ?? 0) > 0 ? 1 : 0;
    d[k++] = (org[i + 1] ?? 0) > 0 ? 1 : 0;
    d[k++] = parts.length === 1 ? 1 : 0;
    d[k++] = boldAny ? 1 : 0;
    // "San Francisco" / "CA": a place only together with its neighbour
    const prev = parts[i - 1];
    const next = parts[i + 1];
    d[k++] = prev && same(i - 1) && isLocation(`${prev.text}, ${t}`) ? 1 : 0;
    d[k++] = next && same(i + 1) && isLocation(`${t}, ${next.text}`) ? 1 : 0;
    d[k++] = p.withPlace ? 1 : 0;
    d[k++] = VENUE.test(t) ? 1 : 0;
    d[k++] = /\s(?:and|&|und|et|y|e|en)\s/iu.test(t) ? 1 : 0;
    const sparse = new Set<number>();
    sparse.add(bucket(`hp:${Math.min(p.line, 2)}:${Math.min(p.piece, 3)}:${p.index}`));
    return { dense: d, sparse: [...sparse].sort((a, b) => a - b) };
  });
}

export const headPartWeights = weights as ModelWeights;

/** The weights match the feature code (a stale weights file is ignored, never misread). */
export const headWeightsUsable = (m: ModelWeights): boolean =>
  m.dense === HEAD_DENSE &&
  m.buckets === HASH_BUCKETS &&
  m.classes.length === HEAD_PART_CLASSES.length &&
  m.classes.every((c, i) => c === HEAD_PART_CLASSES[i]) &&
  m.w.length === m.classes.length &&
  m.w.every((r) => r.length === HEAD_DENSE + HASH_BUCKETS);

/**
 * For each candidate part of an experience head, the probability that it is the position (the
 * others are the company); null when the model is off or its weights are stale.
 */
export function positionOdds(
  block: Block,
  cands: readonly string[],
  place?: string,
  m: ModelWeights | null = chosenWeights('head-part', headPartWeights),
): number[] | null {
  if (!m || !headWeightsUsable(m) || !cands.length) return null;
  return headPartFeatures(candidateParts(block, cands, place)).map(
    (f) => scoreLine(m, { ...f, text: '' })[1] ?? 0,
  );
}
