/**
 * Split lines into the header (before the first heading) and sections. A heading is a short line
 * whose words name a section (see headings.ts) and that is set apart by style; lines set exactly
 * in the style of the recognised headings start sections of unknown kind ("other").
 */
import { EMAIL_RE, URL_RE } from './contact.ts';
import { classifyHeading, type SectionKind } from './headings.ts';
import { findPhone } from './phones.ts';
import { collapseSpacing } from './model/features.ts';
import { activeLineRole, lineRoles, type LineRole } from './model/line-role.ts';
import { BULLET_RE, wordCount } from './text.ts';
import { bodySize, lineBold, lineSize, lineText, lineX, type Line, type Segment } from './types.ts';

/**
 * A line without its left-rail label segment. The text beside the label may start with a list
 * glyph ("■ Role"), which marks it as a list item like any other line.
 */
function railRest(l: Line, gap = l.gap): Line {
  const segs: Segment[] = l.segs.slice(1);
  const first = segs[0];
  const m = first ? BULLET_RE.exec(first.text) : null;
  if (!first || !m || m[0].length >= first.text.length) return { ...l, segs, gap };
  return {
    ...l,
    segs: [{ ...first, text: first.text.slice(m[0].length) }, ...segs.slice(1)],
    gap,
    bullet: true,
  };
}

export interface Section {
  kind: SectionKind;
  title: string;
  lines: Line[];
  /**
   * When the learned model decided this section's heading or kind: the probability that the
   * decision is right (what "Check this" markers are made from, confidence.ts).
   */
  confidence?: number;
}

const isCaps = (s: string) =>
  /\p{Lu}.*\p{Lu}/u.test(s) &&
  !/\p{Ll}/u.test(s) &&
  // scripts without case (CJK) are never "all caps"
  !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}]/u.test(
    s,
  );

interface Style {
  size: number;
  bold: boolean;
  caps: boolean;
}
const styleOf = (l: Line, text: string): Style => ({
  size: Math.round(lineSize(l) * 2) / 2,
  bold: lineBold(l),
  caps: isCaps(text),
});
const sameStyle = (a: Style, b: Style) =>
  Math.abs(a.size - b.size) <= 0.5 && a.bold === b.bold && a.caps === b.caps;

/**
 * The first segment sits alone in a left rail: content starts well to its right (`gap` times
 * the smaller font size of the two).
 */
function isRail(l: Line, gap = 1.5): boolean {
  const first = l.segs[0];
  const second = l.segs[1];
  if (!first || !second) return false;
  return (
    // set flush left, or flush right against the rail's edge (Europass)
    (first.x <= l.colX + Math.max(2, 0.05 * l.colW) || first.x2 <= l.colX + 0.35 * l.colW) &&
    second.x - first.x2 > gap * Math.min(first.size, second.size) &&
    first.text.length <= 30 &&
    !/\d/.test(first.text)
  );
}

interface Candidate {
  index: number;
  kind: SectionKind;
  text: string;
  style: Style;
  /** The heading is the first segment of a line whose other segments are content. */
  inline: boolean;
  /** The learned model's probability that the line is a heading, when the model proposed it. */
  learned?: number;
  /** The probability that the learned decision (heading, kind) is right. */
  prob?: number;
}

/** Text without the icon glyphs before it ("▶ Sprachen", "◆ BERUFSERFAHRUNG"). */
const dropIcon = (text: string): string => text.replace(/^[^\p{L}\p{N}]+/u, '').trim();
/**
 * A letter-spaced line's words, when extraction set each word apart as its own segment
 * ("B E R U F L I C H E" "S T A T I O N E N"): read per segment, or the words run together.
 * Undefined when the line is not letter-spaced.
 */
function spacedWords(l: Line): string | undefined {
  const text = dropIcon(lineText(l));
  if (l.segs.length < 2 || collapseSpacing(text) === text) return undefined;
  // ("A U S -" "U N D" …: the hyphen of a word cut short stays on it, "AUS- UND …")
  return collapseSpacing(dropIcon(l.segs.map((s) => s.text.trim()).join('  '))).replace(
    /(?<=\p{L}) -(?=\s)/gu,
    '-',
  );
}

/** A line's letter-spaced words run together again, or undefined when it is not letter-spaced. */
function unspaced(l: Line): string | undefined {
  const text = dropIcon(lineText(l));
  const words = spacedWords(l) ?? collapseSpacing(text);
  return words !== text ? words : undefined;
}

/**
 * A letter-spaced heading set on two lines ("A U S - U N D" / "W E I T E R B I L D U N G"): the
 * kind both lines name together, when the next line is letter-spaced in the same style right
 * under it.
 */
function spacedPair(l: Line, next: Line | undefined): SectionKind | undefined {
  if (!next || next.bullet || next.gap > 1.6 || next.page !== l.page) return undefined;
  if (lineBold(l) !== lineBold(next) || Math.abs(lineSize(l) - lineSize(next)) > 0.3) return;
  const a = unspaced(l);
  const b = unspaced(next);
  if (!a || !b) return undefined;
  return classifyHeading(`${a} ${b}`.replace(/(?<=\p{L}) -(?=\s)/gu, '-'));
}

/**
 * A heading wrapped onto a second line in a narrow column ("COMPÉTENCES" / "LINGUISTIQUES",
 * "CONOSCENZE" / "LINGUISTICHE"): both lines together name a kind other than the first alone
 * (if it names any). The second line, in the same style right under it, names nothing alone.
 */
function wrappedHeading(
  l: Line,
  next: Line | undefined,
  kind: SectionKind | undefined,
): SectionKind | undefined {
  if (!next || next.bullet || next.gap > 1.6 || next.page !== l.page) return undefined;
  if (lineBold(l) !== lineBold(next) || Math.abs(lineSize(l) - lineSize(next)) > 0.3) return;
  const a = dropIcon(lineText(l)).trim();
  const b = lineText(next).trim();
  if (isCaps(a) !== isCaps(b) || wordCount(b) > 3 || classifyHeading(b) !== undefined) return;
  const joined = classifyHeading(`${a} ${b}`);
  return joined !== kind ? joined : undefined;
}

/** A list item's text read as a heading: icon dropped, letter-spacing undone. */
const headingText = (l: Line): string => spacedWords(l) ?? collapseSpacing(dropIcon(lineText(l)));

/**
 * An icon before a short heading set apart by style ("◆ BERUFSERFAHRUNG", "● K O N T A K T"),
 * which extraction took for a list glyph: a heading, not a list item.
 */
function iconHeading(l: Line, body: number): boolean {
  const t = headingText(l);
  return (
    wordCount(t) <= 4 &&
    classifyHeading(t) !== undefined &&
    (isCaps(t) || lineBold(l) || lineSize(l) > body * 1.08)
  );
}

/**
 * A full stop after a word ends a sentence, or the wrapped end of one ("说。", "… the results."):
 * no heading.
 */
const SENTENCE_END = /(?:\p{Ll}{2}|\p{Script=Han})[.。]$/u;

/** How far down the first page the name is looked for, in lines. */
const NAME_WITHIN = 5;

/**
 * The name: the line set largest near the top of the first page, larger than anything after it
 * (a heading the model proposes there would take the contact details for a section).
 */
function nameLine(lines: Line[]): number | undefined {
  const top = lines.slice(0, NAME_WITHIN).filter((l) => l.page === lines[0]?.page);
  if (!top.length) return undefined;
  const size = Math.max(...top.map(lineSize));
  const at = top.findIndex((l) => lineSize(l) === size);
  const larger = lines.slice(at + 1).some((l) => lineSize(l) >= size - 0.5);
  return larger ? undefined : at;
}

/** Headings set this much larger than the body text stand out by their size alone. */
const LARGE_HEADING = 1.25;
/** The model proposes a heading the rules missed from this probability on. */
const LEARNED_HEADING = 0.35;
/** A proposed heading this probable is taken whatever its style. */
const LEARNED_SURE = 0.7;
/** A vocabulary match the model finds this improbable as a heading is read as content. */
const LEARNED_VETO = 0.1;
/** How much smaller than its column's text a heading in capitals may be set (points). */
const CAPS_SMALLER = 0.5;

export interface SplitOptions {
  /** `false`: the rules alone; otherwise the learned line-role model when it is on (active.ts). */
  model?: boolean;
}

/**
 * The line opens a new column with a paragraph of prose (several full lines ending in a full
 * stop, no list glyphs, no bold) that runs up to the column's first heading.
 */
function columnOpening(lines: Line[], index: number, headings: Map<number, Candidate>): boolean {
  const l = lines[index];
  const prev = lines[index - 1];
  if (!l || !prev || l.colX === prev.colX) return false;
  const para: Line[] = [];
  for (let j = index; j < lines.length && !headings.has(j); j++) {
    const x = lines[j];
    if (!x || x.colX !== l.colX || x.page !== l.page) return false;
    para.push(x);
    if (para.length > 12) return false;
  }
  if (para.length < 2 || !headings.has(index + para.length)) return false;
  const text = para.map(lineText).join(' ').trim();
  return (
    para.every((x) => !x.bullet && !lineBold(x) && x.segs.length === 1) &&
    /[.!]$/.test(text) &&
    text.split(/\s+/).length >= 20
  );
}

/**
 * A left rail has its content column: some line of the column starts there. Cards side by side
 * ("Full-Stack Web Development      AWS Certified Developer") have no line starting at the second
 * card, so their first card is no rail label.
 */
function railOf(lines: Line[]): (l: Line) => boolean {
  const starts = new Map<number, number[]>();
  for (const l of lines) {
    const x = l.segs[0]?.x;
    if (x === undefined) continue;
    const xs = starts.get(l.colX) ?? [];
    xs.push(x);
    starts.set(l.colX, xs);
  }
  return (l) => {
    const x = l.segs[1]?.x;
    if (x === undefined) return false;
    const aligned = (starts.get(l.colX) ?? []).filter((s) => Math.abs(s - x) <= 2).length;
    // (the same column on another page, set at another offset, counts as well)
    const elsewhere = [...starts.values()].flat().filter((s) => Math.abs(s - x) <= 2).length;
    // content that starts where the column's lines start (a large label leaves a narrower gap)
    return aligned >= 1 && isRail(l, Math.max(aligned, elsewhere) >= 3 ? 0.8 : 1.5);
  };
}

/**
 * A heading label set in a left rail beside the first lines of its section, centred on them, is
 * read after the first of them (its top is lower). It goes before that line: the section starts
 * with its label. The label overlaps the line above it (gap under one line), lies left of it, and
 * that line starts a block (a wider gap above it).
 */
function liftRailLabels(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 1; i < out.length; i++) {
    const l = out[i]!;
    const prev = out[i - 1]!;
    const label = l.segs[0];
    const text = lineText(l).trim();
    if (!label || l.segs.length !== 1 || l.page !== prev.page || l.gap >= 0.9) continue;
    if (prev.gap < 1.2 || label.x2 > lineX(prev) - 0.5 * label.size) continue;
    if (wordCount(text) > 4 || !(classifyHeading(dropIcon(text)) || isCaps(text))) continue;
    out[i - 1] = { ...l, gap: prev.gap };
    out[i] = { ...prev, gap: l.gap };
  }
  return out;
}

/** A short line that reads as a section label ("AUSBILDUNG:", "WORK EXPERIENCE"). */
function labelLine(l: Line): boolean {
  const text = dropIcon(lineText(l)).replace(/\s*:$/, '');
  return (
    l.segs.length === 1 &&
    wordCount(text) <= 3 &&
    (classifyHeading(text) !== undefined || (isCaps(text) && lineBold(l)))
  );
}

/**
 * A rail of section labels that extraction read as a column of its own (labels only, beside the
 * content column on the same page): the labels go back between the content lines by their height
 * on the page, so each section starts at its label. Lines above the labels in that column (name,
 * contact) stay where they are.
 */
function interleaveLabelRail(lines: Line[]): Line[] {
  const out: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i]!;
    let j = i;
    while (j < lines.length && lines[j]!.page === first.page && lines[j]!.colX === first.colX) j++;
    const run = lines.slice(i, j);
    let start = run.length;
    while (start > 0 && labelLine(run[start - 1]!)) start--;
    const labels = run.slice(start);
    const next = lines[j];
    const named = labels.filter((l) => classifyHeading(dropIcon(lineText(l)).replace(/\s*:$/, '')));
    if (!next || next.page !== first.page || next.colX <= first.colX || named.length < 3) {
      out.push(...run);
      i = j;
      continue;
    }
    let k = j;
    while (k < lines.length && lines[k]!.page === next.page && lines[k]!.colX === next.colX) k++;
    const content = lines.slice(j, k);
    out.push(...run.slice(0, start));
    const merged = [...content];
    for (const label of labels) {
      const at = merged.findIndex((c) => c.y >= label.y - 0.5 * lineSize(label));
      const before = at < 0 ? merged.length : at;
      const after = merged[before];
      merged.splice(before, 0, {
        ...label,
        colX: next.colX,
        colW: next.colW,
        gap: after ? after.gap : label.gap,
      });
    }
    out.push(...merged);
    i = k;
  }
  return out;
}

/** A line of contact details: an e-mail address, a phone number or a link. */
function contactDetails(l: Line): boolean {
  const t = lineText(l);
  return EMAIL_RE.test(t) || !!findPhone(t) || new RegExp(URL_RE.source, 'i').test(t);
}

/** At most this many lines of contact details open a sidebar above its first heading. */
const SIDEBAR_CONTACT_LINES = 8;

/**
 * The lines a column opens with on its page, up to its first heading, when all of them are contact
 * details: a sidebar's contact block, read after the main column beside it. They are the
 * header's, not the end of the section the main column left open. Returns how many there are.
 */
function sidebarContact(lines: Line[], index: number, headings: Map<number, unknown>): number {
  const l = lines[index];
  const prev = lines[index - 1];
  if (!l || !prev || l.page !== prev.page || Math.abs(l.colX - prev.colX) <= 2) return 0;
  let j = index;
  while (j < lines.length && !headings.has(j)) {
    const x = lines[j]!;
    if (x.page !== l.page || x.colX !== l.colX) break;
    if (!contactDetails(x) || j - index >= SIDEBAR_CONTACT_LINES) return 0;
    j++;
  }
  return j - index;
}

/** Space above a heading, in lines, at least this many times the typical space between lines. */
const HEADING_SPACE = 1.6;
/** ... and at least this share of the least space above a heading in the heading style. */
const HEADING_GAP_SHARE = 0.9;

/**
 * Whether a line has as much space above it as every heading in the heading style (and clearly
 * more than between lines): entry titles in the same type sit closer to the text above them.
 */
function headingSpace(lines: Line[], headings: Candidate[], style: Style): (l: Line) => boolean {
  const styled = headings.filter((c) => !c.inline && sameStyle(c.style, style));
  const headGap = Math.min(...styled.map((c) => lines[c.index]?.gap ?? 0));
  const gaps = lines
    .map((l) => l.gap)
    .filter((g) => g > 0 && g < 5)
    .sort((a, b) => a - b);
  const lineGap = gaps[Math.floor(gaps.length / 2)] ?? 1.2;
  return (l) =>
    styled.length >= 2 && l.gap >= headGap * HEADING_GAP_SHARE && l.gap >= lineGap * HEADING_SPACE;
}

/**
 * A label in a left rail beside its content, possibly over several lines ("AWARDS &" /
 * "SCHOLARSHIPS"): an inline candidate; the lines that continue it go to `railCont`.
 */
function railLabelCandidate(
  lines: Line[],
  index: number,
  isRail: (l: Line) => boolean,
  cands: Candidate[],
  railCont: Set<number>,
): void {
  const l = lines[index]!;
  const first = l.segs[0];
  if (!(l.segs.length > 1 && first && isRail(l))) return;
  const prev = lines[index - 1];
  if (prev && isRail(prev) && l.gap < 1.6 && cands.some((c) => c.index === index - 1)) return;
  if (railCont.has(index)) return;
  let text = first.text;
  let k = classifyHeading(text);
  for (let j = index + 1; j < lines.length && j <= index + 2; j++) {
    const nl = lines[j];
    if (!nl || !isRail(nl) || nl.gap > 1.6) break;
    const next = nl.segs[0]?.text ?? '';
    const joined = `${text} ${next}`;
    const kj = classifyHeading(joined);
    // a label line starting with "&" / "and" can only continue the label above
    if (!kj && !/^\s*(?:&|and\b)/i.test(next)) break;
    text = joined;
    k = kj ?? k;
    railCont.add(j);
  }
  const seg = { ...l, segs: [first] };
  if (k) cands.push({ index, kind: k, text, style: styleOf(seg, first.text), inline: true });
}

/**
 * The lines that may be headings: vocabulary lines (those the model reads as content set apart
 * in `vetoed`), lines the model reads as headings, and labels in a left rail.
 */
function headingCandidates(lines: Line[], roles: LineRole[] | undefined, body: number) {
  const name = nameLine(lines);
  const isRail = railOf(lines);
  const cands: Candidate[] = [];
  /** Vocabulary lines the model reads as content: headings after all when in the heading style. */
  const vetoed: Candidate[] = [];
  /** Letter-spaced lines that finish the heading above them ("A U S - U N D" / "W E I …"). */
  const spacedCont = new Set<number>();
  /** Rail lines that continue a label above them ("PROFESSIONAL" / "AFFILIATIONS" / "& …"). */
  const railCont = new Set<number>();
  lines.forEach((l, index) => {
    // (an icon before the first line of a letter-spaced heading set on two lines, too)
    if (l.bullet && !iconHeading(l, body) && !spacedPair(l, lines[index + 1])) return;
    const full = l.bullet ? headingText(l) : lineText(l).trim();
    if (spacedCont.has(index)) return;
    const spaced = spacedWords(l);
    let kind =
      classifyHeading(full) ??
      classifyHeading(dropIcon(full)) ??
      (spaced !== undefined ? classifyHeading(spaced) : undefined);
    if (!kind) {
      const pair = spacedPair(l, lines[index + 1]) ?? wrappedHeading(l, lines[index + 1], kind);
      if (pair) {
        kind = pair;
        spacedCont.add(index + 1);
      }
    } else {
      const wrapped = wrappedHeading(l, lines[index + 1], kind);
      if (wrapped) {
        kind = wrapped;
        spacedCont.add(index + 1);
      }
    }
    // "Languages   English   Spanish": a heading label in a left rail with its content beside it
    // (the whole line may still read like a heading, "Languages English Spanish")
    // (capitals beside a capitals label continue it as a sub-heading: "PUBLICATIONS   JOURNALS")
    const railLabel =
      l.segs.length > 1 &&
      isRail(l) &&
      classifyHeading(l.segs[0]?.text ?? '') !== undefined &&
      !(isCaps(l.segs[0]?.text ?? '') && l.segs.slice(1).every((s) => isCaps(s.text)));
    const role = roles?.[index];
    if (kind && !railLabel) {
      // a vocabulary word the model reads as content ("Skills" as a sentence's first word)
      const cand = { index, kind, text: full, style: styleOf(l, full), inline: false };
      if (role && role.heading < LEARNED_VETO && !l.styledHeading) vetoed.push(cand);
      else cands.push(cand);
      return;
    }
    if (
      role &&
      !railLabel &&
      role.heading >= LEARNED_HEADING &&
      !SENTENCE_END.test(full) &&
      index !== name
    ) {
      // a heading outside the vocabulary or letter-spaced ("E D U C A T I O N"): the model's
      // kind unless its letter-spacing-free text names one
      const named = classifyHeading(role.text);
      cands.push({
        index,
        kind: named ?? role.kind,
        text: role.text,
        style: styleOf(l, role.text),
        inline: false,
        learned: role.heading,
        prob: named ? role.heading : role.heading * role.kindProb,
      });
      return;
    }
    railLabelCandidate(lines, index, isRail, cands, railCont);
  });
  return { cands, vetoed, spacedCont, isRail };
}

/**
 * The heading style: the most frequent style among candidates that stand out from body text,
 * with its count, and whether it is set apart from the body at all.
 */
function headingStyleOf(cands: Candidate[], body: number) {
  const counts = new Map<string, { style: Style; n: number }>();
  // (labels in a rail beside their content style sub-sections, unless they are all there is)
  const standing = cands.filter((c) => !c.inline);
  for (const c of standing.length >= 2 ? standing : cands) {
    const key = `${c.style.size}|${c.style.bold}|${c.style.caps}`;
    const e = counts.get(key) ?? { style: c.style, n: 0 };
    e.n += 1 + (c.style.size > body ? 0.5 : 0);
    counts.set(key, e);
  }
  let headingStyle: Style | undefined;
  let bestN = 0;
  for (const { style, n } of counts.values())
    if (n > bestN) {
      headingStyle = style;
      bestN = n;
    }
  const distinct =
    headingStyle !== undefined &&
    (headingStyle.size > body * 1.08 || headingStyle.caps || headingStyle.bold);
  return { headingStyle, bestN, distinct };
}

/**
 * Vetoed vocabulary lines in the heading style are candidates after all where that style is
 * marked by size or capitals, or where the space above them is as wide as above the other
 * headings and clearly wider than between lines (bold alone is no mark: entry titles are bold
 * too). A vetoed line in the style of the only other heading counts towards it: two headings.
 */
function readmitVetoed(
  lines: Line[],
  cands: Candidate[],
  vetoed: Candidate[],
  { headingStyle, bestN }: { headingStyle: Style | undefined; bestN: number },
  body: number,
): void {
  const vetoedInStyle = vetoed.filter((c) => headingStyle && sameStyle(c.style, headingStyle));
  if (!headingStyle || bestN + vetoedInStyle.length < 2) return;
  const styled = cands.filter((c) => !c.inline && sameStyle(c.style, headingStyle));
  const headGap = Math.min(...styled.map((c) => lines[c.index]?.gap ?? 0));
  const lineGaps = lines
    .map((l) => l.gap)
    .filter((g) => g > 0 && g < 5)
    .sort((a, b) => a - b);
  const lineGap = lineGaps[Math.floor(lineGaps.length / 2)] ?? 1.2;
  const marked = headingStyle.size > body * 1.08 || headingStyle.caps;
  for (const c of vetoed) {
    if (!sameStyle(c.style, headingStyle)) continue;
    const gap = lines[c.index]?.gap ?? 0;
    if (marked || (styled.length >= 2 && gap >= headGap - 0.05 && gap >= lineGap * 1.6))
      cands.push(c);
  }
}

/** The candidates accepted as headings, by line index: those in (or like) the heading style. */
function acceptCandidates(
  lines: Line[],
  cands: Candidate[],
  { headingStyle, bestN, distinct }: ReturnType<typeof headingStyleOf>,
  body: number,
): Map<number, Candidate> {
  /** The widest column a heading in the heading style stands in. */
  const headingColW = Math.max(
    0,
    ...cands
      .filter((c) => !c.inline && headingStyle && sameStyle(c.style, headingStyle))
      .map((c) => lines[c.index]?.colW ?? 0),
  );
  /** The body size of a line's own column (a sidebar may set all its text smaller). */
  const columnBodies = new Map<string, number>();
  const columnBody = (l: Line): number => {
    const key = `${l.page}|${l.colX}|${l.colW}`;
    let size = columnBodies.get(key);
    if (size === undefined) {
      const column = lines.filter(
        (x) => x.page === l.page && x.colX === l.colX && x.colW === l.colW,
      );
      size = Math.min(body, bodySize(column));
      columnBodies.set(key, size);
    }
    return size;
  };
  const railStyle = (st: Style) => cands.filter((c) => c.inline && sameStyle(c.style, st)).length;
  const accepted = new Map<number, Candidate>();
  for (const c of cands) {
    const l = lines[c.index];
    if (!l) continue;
    const styled = !!l.styledHeading;
    const ok =
      styled ||
      (c.learned ?? 0) >= LEARNED_SURE ||
      !headingStyle ||
      sameStyle(c.style, headingStyle) ||
      // a narrower column may set its headings smaller, in the same manner (when the headings
      // are set apart by size alone, a plain line of body text has no manner of theirs); capitals
      // stand out even a little smaller than the column's own text
      (c.style.caps === headingStyle.caps &&
        c.style.bold === headingStyle.bold &&
        c.style.size >= columnBody(l) - (c.style.caps ? CAPS_SMALLER : 0) &&
        (headingStyle.caps || headingStyle.bold || c.style.size > columnBody(l)) &&
        !c.inline &&
        l.colW < headingColW - 1) ||
      c.style.size > headingStyle.size + 0.4 ||
      // a rail of labels in one style, each beside its content (Europass)
      (c.inline && c.style.size >= body - 0.1 && railStyle(c.style) >= 3) ||
      (!distinct && bestN < 2) ||
      // a lone heading word on its own line, as large as the heading style
      (c.style.size >= headingStyle.size - 0.1 &&
        (c.style.caps || !headingStyle.caps) &&
        (c.style.bold || !headingStyle.bold));
    if (ok) accepted.set(c.index, c);
  }
  return accepted;
}

/**
 * A line in the heading style outside the vocabulary starts a section: of the kind the model
 * names when it is sure of it, else of `fallback`.
 */
function acceptStyled(
  accepted: Map<number, Candidate>,
  roles: LineRole[] | undefined,
  index: number,
  text: string,
  fallback: SectionKind,
  style: Style,
): void {
  const role = roles?.[index];
  const learned = role && role.kindProb >= 0.6 && role.heading >= 0.3;
  accepted.set(index, {
    index,
    kind: learned ? role.kind : fallback,
    text,
    style,
    inline: false,
    ...(learned ? { prob: role.kindProb } : {}),
  });
}

/**
 * Headings outside the vocabulary: lines in exactly the heading style (of unknown kind), a title
 * of the writer's own over an introduction above the first heading (the summary), and lines in a
 * Word heading style.
 */
/** Sections whose entries have heads (a role, a school, a project's name). */
const ENTRY_KINDS: ReadonlySet<SectionKind> = new Set([
  'experience',
  'education',
  'projects',
  'extracurricular',
]);

function acceptStyledLines(
  lines: Line[],
  accepted: Map<number, Candidate>,
  roles: LineRole[] | undefined,
  { headingStyle, bestN, distinct }: ReturnType<typeof headingStyleOf>,
  body: number,
): void {
  // Lines in exactly the heading style start sections of unknown kind.
  if (headingStyle && distinct && bestN >= 2) {
    const firstHeading = Math.min(...accepted.keys());
    const spaced = headingSpace(lines, [...accepted.values()], headingStyle);
    lines.forEach((l, index) => {
      if (index < firstHeading || accepted.has(index) || l.bullet) return;
      const t = lineText(l).trim();
      // (a comma in a line set much larger than the body is a heading's: "Extra Section, Call
      // it What You Want"; in smaller type it sets a name apart from its place)
      const large = headingStyle.size >= body * LARGE_HEADING;
      if (l.segs.length > 1 || t.length > 40 || /\d|[@.:;]/.test(t) || (!large && t.includes(',')))
        return;
      // (bold or larger type alone marks entry titles too, unless much larger than the body, or
      // set off by as much space above as the headings)
      if (!headingStyle.caps && !l.styledHeading && !large && !spaced(l)) return;
      if (sameStyle(styleOf(l, t), headingStyle))
        acceptStyled(accepted, roles, index, t, 'other', headingStyle);
    });
  }
  // Above the first heading, a line in exactly the heading style over a paragraph of prose that
  // runs to that heading ("Welcome to my CV" / "I build …. I lead …."): an introduction under a
  // title of the writer's own, read as the summary (or as the kind the model is sure of).
  if (headingStyle && distinct && bestN >= 2 && accepted.size) {
    const firstHeading = Math.min(...accepted.keys());
    for (let index = 1; index < firstHeading - 1; index++) {
      const l = lines[index];
      if (!l || l.bullet || l.segs.length > 1) continue;
      const t = lineText(l).trim();
      if (t.length > 40 || /\d|[@|:;]/.test(t) || !sameStyle(styleOf(l, t), headingStyle)) continue;
      const para = lines.slice(index + 1, firstHeading);
      const text = para.map(lineText).join(' ').trim();
      const prose =
        para.every((x) => !x.bullet && !lineBold(x) && x.colX === l.colX) &&
        /[.!]$/.test(text) &&
        wordCount(text) >= 15;
      if (!prose) continue;
      acceptStyled(accepted, roles, index, t, 'summary', headingStyle);
      break;
    }
  }
  // Word heading styles mark headings directly, except an entry's title: one of no known kind
  // set smaller than the heading of the entry section it stands in ("Work Experience" in
  // Heading 2 over "Marketing Manager" in Heading 3) is a head line of that section.
  lines.forEach((l, index) => {
    if (l.styledHeading && !accepted.has(index) && index > 0) {
      const t = lineText(l).trim();
      const kind = classifyHeading(t);
      const style = styleOf(l, t);
      const opened = [...accepted.values()]
        .filter((c) => c.index < index)
        .sort((a, b) => b.index - a.index)[0];
      const entryTitle =
        !kind && !!opened && ENTRY_KINDS.has(opened.kind) && style.size < opened.style.size - 0.5;
      if (t.length <= 40 && !entryTitle)
        accepted.set(index, { index, kind: kind ?? 'other', text: t, style, inline: false });
    }
  });
}

/**
 * Sub-headings: a heading right under the one that opened the section ("Certifications" /
 * "Full-Stack Web Development"), or one styled apart from it that names the same kind
 * ("Skills" … "Tools" set larger than the section headings), stays in that section. A heading
 * in the document's heading style starts its own section even when it repeats a kind.
 */
function dropSubHeadings(
  lines: Line[],
  accepted: Map<number, Candidate>,
  headingStyle: Style | undefined,
): void {
  let open: Candidate | undefined;
  for (const i of [...accepted.keys()].sort((a, b) => a - b)) {
    const c = accepted.get(i);
    if (!c) continue;
    const under = open?.index === i - 1 && lines[i]?.colX === lines[i - 1]?.colX;
    if (
      open &&
      !c.inline &&
      !open.inline &&
      // right under a heading (an empty section is unlikely), or styled apart and of its kind
      (under ||
        (!sameStyle(c.style, open.style) &&
          !(headingStyle && sameStyle(c.style, headingStyle)) &&
          c.kind === open.kind &&
          c.kind !== 'other'))
    ) {
      accepted.delete(i);
      continue;
    }
    open = c;
  }
}

/**
 * The lines dealt to the header and to the sections the accepted headings open: a sidebar's
 * contact block goes to the header, a page going on in another column to the section left open
 * there, an untitled paragraph opening the next column to a summary.
 */
/**
 * The name set largest at the top of a column read after a sidebar ("Carmen Vidal Ortega" over
 * "Sales executive" beside a sidebar of contact, skills and languages): it and the lines under it
 * up to the column's first heading belong to the header, not to the sidebar's last section. How
 * many lines go there (0: none).
 */
function nameAtColumnTop(lines: Line[], index: number, accepted: Map<number, Candidate>): number {
  const l = lines[index];
  const prev = lines[index - 1];
  if (!l || !prev || (Math.abs(l.colX - prev.colX) <= 2 && l.page === prev.page)) return 0;
  const size = lineSize(l);
  const largest = Math.max(...lines.filter((x) => x.page === l.page).map(lineSize));
  if (size < 1.6 * bodySize(lines) || size < largest - 0.5) return 0;
  let n = 1;
  while (n < 6 && index + n < lines.length && !accepted.has(index + n)) {
    const next = lines[index + n];
    if (!next || Math.abs(next.colX - l.colX) > 2 || next.page !== l.page) break;
    n++;
  }
  return accepted.has(index + n) ? n : 1;
}

function dealLines(
  lines: Line[],
  accepted: Map<number, Candidate>,
  spacedCont: Set<number>,
  isRail: (l: Line) => boolean,
): { header: Line[]; sections: Section[] } {
  const header: Line[] = [];
  const sections: Section[] = [];
  let cur: Section | undefined;
  let railSection = false;
  let railX = 0;
  let untitled = ![...accepted.values()].some((c) => c.kind === 'summary');
  /** The section last open in each column (by left edge). */
  const openIn = new Map<number, Section>();
  const openAt = (x: number) => [...openIn.entries()].find(([k]) => Math.abs(k - x) <= 2)?.[1];
  /** Lines of a sidebar's contact block, which go to the header. */
  let toHeader = 0;
  lines.forEach((l, index) => {
    const h = accepted.get(index);
    const prev = lines[index - 1];
    if (!h && cur && !toHeader && !openAt(l.colX))
      toHeader = sidebarContact(lines, index, accepted) || nameAtColumnTop(lines, index, accepted);
    if (toHeader > 0) {
      toHeader--;
      header.push(l);
      return;
    }
    if (!h && cur && prev && l.page !== prev.page && Math.abs(l.colX - prev.colX) > 2) {
      // a page that goes on in another column than the one read last (a sidebar ended the
      // page before) continues the section left open in that column
      const open = openAt(l.colX);
      if (open && open !== cur) {
        cur = open;
        railSection = false;
      }
    }
    if (cur) openIn.set(l.colX, cur);
    if (!h && cur && untitled && columnOpening(lines, index, accepted)) {
      // an untitled paragraph at the top of the next column (beside a sidebar): the summary
      untitled = false;
      cur = { kind: 'summary', title: '', lines: [l] };
      sections.push(cur);
      railSection = false;
      return;
    }
    if (h) {
      cur = { kind: h.kind, title: h.text, lines: [] };
      if (h.prob !== undefined) cur.confidence = h.prob;
      sections.push(cur);
      railSection = h.inline;
      railX = l.segs[0]?.x ?? 0;
      if (h.inline) {
        cur.lines.push(railRest(l, 10));
      }
      return;
    }
    if (cur && railSection && isRail(l) && l.segs[0]?.x === railX) {
      cur.lines.push(railRest(l));
      return;
    }
    // (the second line of a letter-spaced heading set on two lines is the heading's)
    if (cur && spacedCont.has(index) && accepted.has(index - 1)) return;
    if (cur) cur.lines.push(l);
    else header.push(l);
  });
  return { header, sections };
}

/**
 * A document's lines split into the header (before the first heading) and its sections: heading
 * candidates found, the heading style told, headings accepted, lines dealt to the sections.
 */
export function splitSections(
  source: Line[],
  opts: SplitOptions = {},
): { header: Line[]; sections: Section[] } {
  const lines = liftRailLabels(interleaveLabelRail(source));
  const model = opts.model === false ? null : activeLineRole();
  const roles: LineRole[] | undefined = model ? lineRoles(lines, model) : undefined;
  const body = bodySize(lines);
  const { cands, vetoed, spacedCont, isRail } = headingCandidates(lines, roles, body);
  const style = headingStyleOf(cands, body);
  readmitVetoed(lines, cands, vetoed, style, body);
  const accepted = acceptCandidates(lines, cands, style, body);
  acceptStyledLines(lines, accepted, roles, style, body);
  dropSubHeadings(lines, accepted, style.headingStyle);
  return dealLines(lines, accepted, spacedCont, isRail);
}
