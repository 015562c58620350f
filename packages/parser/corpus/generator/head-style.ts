/**
 * Entry head styles: a per-document random way of printing an experience entry's head, drawn by
 * any HTML or Word family on top of its own layout. Real resumes put the company, role, place and
 * dates in every order, with any separator, on one line or two, with the dates right-aligned, in
 * the line, in parentheses or on a line of their own above or below; some bullet the head, set
 * the role in a heading style, or print a sub-label ("Key achievements:") above the bullets. The
 * families' own templates print a handful of these; a head style draws the rest, so the models
 * learn the head's layout rather than a template.
 *
 * The style only arranges the persona's fields as printed: the gold is unchanged (gold.ts).
 */
import type { Lang } from './bank/languages.ts';
import type { ExpEntry } from './persona.ts';
import type { Rng } from './rng.ts';
import { half, subLabels, type Vocab } from './vocab.ts';

export interface HeadStyle {
  /** Which of company and role comes first. */
  first: 'company' | 'position';
  /** Company and role on two lines (else one line, joined by `sep`). */
  split: boolean;
  /** Between the parts of one line: " | ", " — ", " - ", ", ", " / ", " at ", " · ". */
  sep: string;
  /** Where the place goes: after the company or the role, at the end of the first line, or right. */
  place: 'company' | 'position' | 'end' | 'right';
  /** Between a name and its place (", ", " - ", " — ", " | "). */
  placeSep: string;
  /** Where the dates go. */
  dates: 'right' | 'inline' | 'paren' | 'above' | 'below';
  /** A glyph before the first head line. */
  bullet?: string;
  /** The role set in a heading style (an h3, Word's Heading 3) on its own line. */
  roleHeading: boolean;
  /** Which part is bold. */
  bold: 'first' | 'company' | 'position' | 'none';
  /** The second line in italics. */
  italicSecond: boolean;
  /** A sub-label printed above the bullets of each entry. */
  subLabel?: string;
}

export interface HeadRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
}
/** One printed line of a head: runs joined as printed, a right-aligned piece, how it is set. */
export interface HeadLine {
  runs: HeadRun[];
  right?: string;
  heading?: boolean;
}

const SEPS = [' | ', ' — ', ' – ', ' - ', ', ', ' / ', ' · ', ' at '];
const PLACE_SEPS = [', ', ', ', ' - ', ' — ', ' | ', ' · '];
const BULLETS = ['•', '▪', '–', '➢', '■', '●'];

/** Draw a document's head style (languages other than English never print " at "). */
export function drawHeadStyle(rng: Rng, lang: Lang, vocab: Vocab): HeadStyle {
  const roleHeading = rng.chance(0.15);
  const split = roleHeading || rng.chance(0.45);
  const first = rng.chance(0.5) ? 'company' : 'position';
  let sep = rng.pick(SEPS);
  if (sep === ' at ' && (lang !== 'en' || first !== 'position' || split)) sep = ' | ';
  if (lang === 'zh' && sep === ', ') sep = ' | ';
  const dates = rng.pick(['right', 'right', 'inline', 'paren', 'above', 'below'] as const);
  let place = rng.pick(['company', 'company', 'position', 'end', 'right'] as const);
  if (place === 'right' && dates === 'right' && !split) place = 'end';
  return {
    first,
    split,
    sep,
    place,
    placeSep: rng.pick(PLACE_SEPS),
    dates,
    ...(rng.chance(0.2) ? { bullet: rng.pick(BULLETS) } : {}),
    roleHeading,
    bold: rng.pick(['first', 'first', 'company', 'position', 'none'] as const),
    italicSecond: rng.chance(0.4),
    ...(rng.chance(0.25) ? { subLabel: rng.pick(half(subLabels[lang], vocab)) } : {}),
  };
}

/** The head of one experience entry as printed lines (`withDates`: false in a date column). */
export function headLines(e: ExpEntry, hs: HeadStyle, withDates: boolean): HeadLine[] {
  const dates = withDates ? e.dates : '';
  const loc = e.location ?? '';
  const text = (k: 'company' | 'position') => {
    const name = k === 'company' ? e.company : e.position;
    return loc && hs.place === k ? `${name}${hs.placeSep}${loc}` : name;
  };
  const order: ('company' | 'position')[] =
    hs.first === 'company' ? ['company', 'position'] : ['position', 'company'];
  const run = (k: 'company' | 'position', second: boolean): HeadRun => ({
    text: text(k),
    bold: hs.bold === k || (hs.bold === 'first' && !second),
    italic: second && hs.italicSecond,
  });
  const lines: HeadLine[] = [];
  if (hs.split) {
    lines.push({ runs: [run(order[0]!, false)] }, { runs: [run(order[1]!, true)] });
    if (hs.roleHeading) {
      const l = lines[order.indexOf('position')]!;
      l.heading = true;
      l.runs = [{ text: text('position'), bold: true }];
    }
  } else {
    const a = run(order[0]!, false);
    const b = run(order[1]!, true);
    lines.push({ runs: [a, { text: hs.sep }, b] });
  }
  const top = lines[0]!;
  const endOf = (l: HeadLine, t: string, sep: string) => l.runs.push({ text: sep }, { text: t });
  if (loc && hs.place === 'end') endOf(top, loc, hs.sep === ' at ' ? ', ' : hs.sep);
  if (dates && hs.dates === 'right') (top.heading ? lines[1]! : top).right = dates;
  if (loc && hs.place === 'right') {
    const free = lines.find((l) => !l.heading && l.right === undefined);
    if (free) free.right = loc;
    else endOf(top, loc, hs.placeSep);
  }
  if (dates) {
    switch (hs.dates) {
      case 'right':
        break;
      case 'inline':
        endOf(top, dates, hs.sep === ' at ' || hs.sep === ', ' ? ' | ' : hs.sep);
        break;
      case 'paren':
        top.runs.push({ text: ` (${dates})` });
        break;
      case 'above':
        lines.unshift({ runs: [{ text: dates }] });
        break;
      case 'below':
        lines.push({ runs: [{ text: dates, italic: hs.italicSecond }] });
        break;
    }
  }
  if (hs.bullet) {
    const l = lines[0]!;
    l.runs.unshift({ text: `${hs.bullet} ` });
  }
  return lines;
}
