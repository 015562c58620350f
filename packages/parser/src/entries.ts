/**
 * Entries of a section: each entry has head lines (organisation, role, dates, place) and body
 * items (bullets or sentences). Wrapped lines are joined; right-aligned dates and places printed
 * on body lines are moved to the head.
 */
import { hasDate, isDateOnly, takeDate } from './dates.ts';
import { isLocation } from './contact.ts';
import { companyScore, DEGREE, INSTITUTION, roleScore, townPart } from './head-words.ts';
import { joinWrapped, wordCount, WRAPPED_SENTENCE } from './text.ts';
import { lineBold, lineSize, lineText, lineX, lineX2, type Line, type Segment } from './types.ts';

export interface Block {
  head: Line[];
  /** Extra head pieces found on body lines (right-aligned dates or places). */
  extra: string[];
  body: string[];
  urls: string[];
  /** The entry's dates, known from where the document prints them (`spanInDateColumn`). */
  date?: string;
}

/**
 * "Relevant coursework: …", "Cours principaux : …", "Asignaturas: …": the courses of a degree,
 * named after their label.
 */
export const COURSES_RE =
  /^(?:(?:relevant|significant|selected|key|related)\s+)?(?:course(?:work|s)?|modules|subjects|classes|cours|matières|cursos|asignaturas|disciplinas|materias|corsi|kurse|lehrveranstaltungen|fächer)(?:\s+(?:principaux|principales|principais|principali|suivis|relevantes|pertinentes|importants|clés))?\s*:\s*(.+)$/iu;

const URL_ONLY = /^(?:https?:\/\/|www\.)\S+$|^[a-z0-9-]+(?:\.[a-z0-9-]+)+\/\S*$/i;
const DURATION = /^\d+\s+(?:years?|yrs?|months?|mos?)(?:\s+\d+\s+(?:months?|mos?))?$/i;

/**
 * (an ellipsis after a word ends a sentence left open, "Responsible for…"; one standing alone
 * holds the place of a missing word, "Bachelor's in …")
 */
const endsSentence = (s: string) => /(?:[.!?。:;]|(?<=\p{L})…)\s*$/u.test(s);
/**
 * A name ending in an abbreviation ("Solutions Inc.", "Smith & Sons Ltd.", "Computer Science,
 * B.S.") ends no sentence.
 */
export const ABBREVIATED =
  /(?:\b(?:inc|ltd|corp|co|llc|plc|bros|jr|sr|assn|dept|univ|lda|ltda|gmbh|pty|e\.\s?v|b\.v|n\.v|s\.a|s\.l|s\.r\.l|s\.p\.a|s\.a\.s|b\.\s?s|b\.\s?a|m\.\s?s|m\.\s?a|ph\.\s?d|m\.\s?b\.\s?a|b\.\s?sc|m\.\s?sc|b\.\s?eng|m\.\s?eng|ll\.\s?[bm]|d\.\s?phil))\.$/i;
const endsProse = (s: string) => endsSentence(s) && !ABBREVIATED.test(s.trim());
/**
 * Starts in lower case, as a wrapped line or a sentence does (a date leading the line is passed
 * over: month names and placeholders are lower case in many languages, "año–año Grado, …").
 */
const startsLower = (s: string) => {
  if (!/^[\p{Ll}(,;&]/u.test(s)) return false;
  const d = takeDate(s);
  return !(d && s.trimStart().startsWith(d.date) && d.rest && !/^[\p{Ll}(,;&]/u.test(d.rest));
};

/**
 * "BSc, Computer Science; University of Leeds (Leeds)", "Harbour Freight Ltd., 10115 Berlin —
 * Dispatcher": short parts, one naming a school, a degree or a company, set apart by commas,
 * semicolons or spaced dashes.
 */
export function headParts(full: string): boolean {
  // (a date among the parts is no part's words: "…, Belo Horizonte (outubro 2011 - junho 2014)")
  const date = takeDate(full)?.date;
  const text = (date ? full.replace(date, ' ') : full).replace(/\(\s*\)/g, ' ').trim();
  const parts = text.split(/\s*[,;|]\s*|\s+[–—]\s+/);
  return (
    parts.length >= 3 &&
    // (an organisation's name may run longer: "Institute for Applied Physics GmbH & Co. KG")
    parts.every((p) => wordCount(p) <= 6 || (companyScore(p) > 0 && wordCount(p) <= 9)) &&
    parts.some((p) => INSTITUTION.test(p) || DEGREE.test(p) || companyScore(p) > 0)
  );
}

/**
 * "Flood defence study | Geotechnics, Concrete design, Cost estimation": a short name, a bar and a
 * list of short items without a full stop. No sentence is set so; a project's head is (its name
 * and its tools), however many words it runs to, and its list may wrap after a comma.
 */
export function namedToolList(text: string): boolean {
  // (a list cut after a comma goes on on the next line)
  const m = /^([^|,.:;]+?)\s+\|\s+([^|]+?),?$/u.exec(text.trim());
  if (!m?.[1] || !m[2] || wordCount(m[1]) > 8 || /[.!?;:]$/u.test(m[2])) return false;
  const items = m[2].split(/\s*,\s*/u);
  return items.length >= 2 && items.every((t) => t && wordCount(t) <= 4);
}

/**
 * Head parts with a spaced dash between them ("Employer SL, 48001 Bilbao — Técnico de RR. HH.",
 * "University of Leeds — BSc in Computer Science and Mathematics"): a head even when its last
 * part ends in an abbreviation's full stop, or its words are as many as a sentence's (no sentence
 * is cut into such parts).
 */
function dashedHeadParts(text: string): boolean {
  if (!/\s[–—]\s/.test(text)) return false;
  if (headParts(text)) return true;
  const parts = text.split(/\s+[–—]\s+/);
  return (
    parts.length === 2 &&
    parts.every((p) => wordCount(p) <= 8 && !/[.!?;:]$/.test(p)) &&
    parts.some((p) => INSTITUTION.test(p)) &&
    parts.some((p) => DEGREE.test(p))
  );
}

/**
 * Chinese clauses joined by a full-width comma or semicolon ("带领8人团队，协调各部门之间的合作"),
 * or a count inside the text ("培训4名新同事使用系统"): a sentence, unless a part names a role or an
 * organisation or the text is set apart in parts as heads are ("XXX 大学，XXX 实验室，研究员",
 * "某某维修站, 中国 北京").
 */
const cjkClauses = (text: string): boolean =>
  /\p{Script=Han}(?:[，；]|\d+)\p{Script=Han}/u.test(text) &&
  (text.match(/\p{Script=Han}/gu) ?? []).length >= 8 &&
  !/[\s,|·]/.test(text.replace(/[，；]/g, '')) &&
  !text.split(/[，；]/).some((p) => roleScore(p) > 0 || companyScore(p) > 0);

function sentenceLike(l: Line, full: string): boolean {
  if (isDateOnly(full)) return false;
  // with several segments (text + right-aligned date), judge the first one
  const text = l.segs.length > 1 ? (l.segs[0]?.text ?? full) : full;
  // (a full stop after an abbreviation ends no sentence: "…, CloudWorks Inc.")
  const stop = (t: string) => /[.!?]$/.test(t) && !ABBREVIATED.test(t.trim());
  if (lineBold(l) && wordCount(full) <= 14 && !stop(full)) return false;
  // a bold title with a plain date or place set apart to its right
  if (l.segs.length > 1 && l.segs[0]?.bold && wordCount(text) <= 14 && !stop(text)) return false;
  // a line led by a span of dates is an entry's head ("año–año Grado, Institución, Ciudad.")
  const d = takeDate(text);
  if (d && text.startsWith(d.date) && /[-–—]/.test(d.date)) return false;
  // "Degree, Institution, City, Grade.   2015–2019": parts (or a few words) and a full stop
  // beside a date
  const last = l.segs[l.segs.length - 1];
  if (
    l.segs.length > 1 &&
    last &&
    isDateOnly(last.text.trim()) &&
    wordCount(text) <= 12 &&
    ((text.match(/,/g) ?? []).length >= 2 || wordCount(text) <= 5)
  )
    return false;
  if (startsLower(text)) return true;
  if (cjkClauses(text)) return true;
  if (dashedHeadParts(text)) return false;
  if (namedToolList(text)) return false;
  if ((stop(text) || /。$/u.test(text)) && wordCount(text) >= 4) return true;
  // "Implemented a dashboard for the finance team": led by a verb in the past tense
  if (/^\p{Lu}\p{Ll}{2,}ed\s/u.test(text) && wordCount(text) >= 6 && !hasDate(text)) return true;
  if (headParts(text)) return false;
  const width =
    (l.segs.length > 1 ? (l.segs[0]?.x2 ?? 0) : (l.segs[l.segs.length - 1]?.x2 ?? 0)) - lineX(l);
  const words = text.split(/\s+/).filter((w) => /[\p{L}\d]/u.test(w)).length;
  return (
    (words >= 10 && !hasDate(text)) ||
    words >= 14 ||
    (l.colW > 0 && width > 0.72 * l.colW && wordCount(text) >= 7 && !hasDate(text))
  );
}

function headerLike(l: Line, text: string): boolean {
  if (l.bullet) return false;
  // a date alone ("nov. 2022 – dic. 2024": month abbreviations are lower-case in many languages)
  if (isDateOnly(text)) return true;
  if (lineBold(l) && !endsProse(text) && wordCount(text) <= 14) return true;
  // a bold title closed by a colon ("Most Recent Position:") over its text
  if (lineBold(l) && /\p{L}:$/u.test(text) && wordCount(text) <= 8) return true;
  if (startsLower(text)) return false;
  if (hasDate(text) && wordCount(text) <= 14) return true;
  if (l.segs.length > 1 && wordCount(text) <= 16) return true;
  if (dashedHeadParts(text)) return true;
  return !sentenceLike(l, text) && !endsProse(text);
}

/** The words before a span of dates that closes a head, at most. */
const SPAN_HEAD_WORDS = 10;

/** The text ends with a span of dates ("August 2021 – Juli 2023", "(12/2020-01/2024)"). */
function endsWithSpan(text: string): boolean {
  const d = takeDate(text);
  if (!d || !RANGE.test(d.date) || wordCount(d.rest) > SPAN_HEAD_WORDS) return false;
  return text.replace(/[\s)\].,;]+$/, '').endsWith(d.date.replace(/[\s)\].,;]+$/, ''));
}

/** A plain line (no item) that ends with a span of dates: a head's last line. */
const spanLine = (l: Line | undefined): boolean => {
  if (!l || l.bullet) return false;
  const text = lineText(l).trim();
  return (isDateOnly(text) || !startsLower(text)) && endsWithSpan(text);
};

const EXPECTED = /\b(?:expected|anticipated)\b|预计|预期/i;
const RANGE = /\d\s*(?:年\s*(?:\d{1,2}\s*月)?\s*)?(?:[-–—~]|至|\bto\b)/i;

/**
 * A head line that goes on after its text with an expected date ("MSc Physics, expected
 * 2016") while the head above already gives the span of the entry ("2013 – present"): the
 * graduation date of the same entry, not the start of the next one.
 */
function expectedWithin(l: Line, head: Line[]): boolean {
  if (l.segs.length !== 1) return false;
  const text = lineText(l).trim();
  const d = takeDate(text);
  if (!d || !EXPECTED.test(d.date) || !d.rest || text.startsWith(d.date)) return false;
  return head.some((h) => RANGE.test(takeDate(lineText(h))?.date ?? ''));
}

/**
 * The last line of a head of three or more that names a school or an organisation as its undated
 * first line does, after a dated line: the opening line of the next entry.
 */
function openerAgain(head: Line[]): Line | undefined {
  const first = head[0];
  const last = head[head.length - 1];
  if (head.length < 3 || !first || !last) return undefined;
  const a = lineText(first).trim();
  const b = lineText(last).trim();
  if (hasDate(a) || hasDate(b) || !head.slice(1, -1).some((h) => hasDate(lineText(h)))) return;
  const same =
    (INSTITUTION.test(a) && INSTITUTION.test(b)) ||
    (companyScore(a) > 0 && companyScore(b) > 0 && roleScore(a) === 0 && roleScore(b) === 0);
  return same && lineBold(first) === lineBold(last) ? last : undefined;
}

/** A list item with a right-aligned date and a short text before it. */
function datedItem(l: Line | undefined): boolean {
  if (!l?.bullet || l.segs.length < 2) return false;
  const last = l.segs[l.segs.length - 1];
  const first = l.segs[0];
  const date = last?.text.trim() ?? '';
  if (!last || !first || last.x <= l.colX + 0.5 * l.colW || !isDateOnly(date)) return false;
  if (DURATION.test(date)) return false; // "4 months" beside a bullet is the role's length
  const text = l.segs
    .slice(0, -1)
    .map((s) => s.text)
    .join(' ')
    .trim();
  // a sentence ends after a word ("… the results."), not after an abbreviation ("M.B.A.")
  return wordCount(text) <= 12 && !/(?:\p{Ll}{2}|\d)[.!?]$/u.test(text);
}

/**
 * A dated list item that has items nested deeper under it, or is followed by another dated item
 * at its level ("■ M.B.A. ...... 2008 – 2009" / "■ M.S. in Physics ...... 2006 – 2008" / "● GPA"), is
 * a nested entry (degree, role) under the organisation above, not a description bullet. (A date
 * beside the first of a role's bullets at one level belongs to that role's head instead.)
 */
function subEntryHead(l: Line, next: Line | undefined): boolean {
  if (!datedItem(l) || !next) return false;
  const size = l.segs[0]?.size ?? 10;
  // deeper: nested items, or a wrapped line of the item's own text (only plausible when long)
  const first = l.segs[0]?.text.trim() ?? '';
  const short = wordCount(first) <= 9 && !first.endsWith('-');
  if (lineX(next) > lineX(l) + 0.5 * size) return next.bullet || short;
  return datedItem(next) && Math.abs(lineX(next) - lineX(l)) < 0.5 * size;
}

/** Move right-aligned date / place / duration segments of a body line into the head. */
function peelRight(l: Line, extra: string[]): Line {
  if (l.segs.length < 2) return l;
  const segs = [...l.segs];
  while (segs.length > 1) {
    const last = segs[segs.length - 1];
    if (!last) break;
    const t = last.text.trim();
    const right = last.x > l.colX + 0.5 * l.colW;
    if (right && (isDateOnly(t) || isLocation(t) || DURATION.test(t))) {
      if (!DURATION.test(t)) extra.push(t);
      segs.pop();
    } else break;
  }
  return { ...l, segs };
}

/** "2003 – 2004 and": a rail date that goes on on the line below. */
const RAIL_GOES_ON = /(?:\s+(?:and|und|et|y|&)|\s*[,–—-])$/iu;
/** A date printed alone in the first segment of a line with text set apart to its right. */
const railDate = (l: Line): boolean =>
  !l.bullet &&
  l.segs.length >= 2 &&
  isDateOnly((l.segs[0]?.text.trim() ?? '').replace(RAIL_GOES_ON, ''));

/**
 * Dates in a left rail ("2015–2016   Degree, School" over lines indented to the text column):
 * the x of the text column when the section's dated lines share one, clearly right of the dates,
 * and some undated line starts there.
 */
export function dateRail(lines: Line[]): { x: number; text: number } | undefined {
  const dated = lines.filter(railDate);
  if (!dated.length) return undefined;
  const xs = dated.map(lineX);
  const texts = dated.map((l) => l.segs[1]?.x ?? 0);
  const x = Math.min(...xs);
  const text = Math.min(...texts);
  const size = lineSize(dated[0]!) || 10;
  if (Math.max(...xs) - x > size || Math.max(...texts) - text > 0.5 * size) return undefined;
  if (text - x < 4 * size) return undefined;
  const under = lines.some(
    (l) =>
      !l.bullet &&
      !railDate(l) &&
      (Math.abs(lineX(l) - text) < 0.5 * size ||
        (l.segs.length === 1 && Math.abs(lineX(l) - x) < size && isDateOnly(lineText(l).trim()))),
  );
  return under ? { x, text } : undefined;
}

/** "Thema: …", "Main focus: …": a line led by a short label and a colon. */
const LABELLED = /^\p{Lu}[\p{L}-]*(?:\s[\p{L}-]+){0,2}\s?:\s+\S/u;
/** Labels that name a part of an entry's head (its school, employer, place or role). */
const HEAD_LABEL =
  /^(?:institution|school|university|college|bildungseinrichtung|einrichtung|hochschule|universität|schule|établissement|école|institución|universidad|instituição|universidade|istituto|università|scuola|onderwijsinstelling|employer|company|organi[sz]ation|arbeitgeber|firma|unternehmen|entreprise|employeur|empresa|empleador|azienda|werkgever|bedrijf|location|ort|lieu|lugar|luogo|place|role|position|title|rolle|funktion|poste|cargo|puesto|degree|abschluss|diplôme|título)\s?:/iu;

/**
 * `itemAt[i]`: the learned entry-line model is sure line i starts a description item
 * (model/entry-line.ts); such a line never joins or opens an entry's head.
 */
/**
 * A span of dates in a rail that wraps after its dash ("February 2006–" / "current"): the end goes
 * back to its start, out of the line below.
 */
function joinWrappedDates(lines: Line[]): Line[] {
  const out = [...lines];
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1]!;
    const l = out[i]!;
    const open = prev.segs[0];
    const end = l.segs[0];
    // (set under it: flush left, flush right or centred in the rail)
    if (!open || !end || l.segs.length < 2 || end.x < open.x - 2 || end.x2 > open.x2 + 2) continue;
    if (!/[-–—]\s*$/.test(open.text) || !hasDate(open.text)) continue;
    const joined = `${open.text.trimEnd()}${end.text.trim()}`;
    if (!isDateOnly(joined) || !isDateOnly(open.text.replace(/[-–—]\s*$/, ''))) continue;
    out[i - 1] = { ...prev, segs: [{ ...open, text: joined }, ...prev.segs.slice(1)] };
    out[i] = { ...l, segs: l.segs.slice(1) };
  }
  return out;
}

/** A few words followed by a row of leader dots, and nothing else. */
const DOT_LEADER = /^\p{L}[\p{L}'’ -]{0,40}?(?:\s*\.){6,}$/u;

/**
 * A short title set larger than the head under it, which already names its role, employer and
 * place ("Vocational" over "Job title, Employer, City.   2015–2019"): it titles a group of
 * entries within the section and belongs to none of them.
 */
function groupTitle(l: Line, next: Line | undefined): boolean {
  if (!next || l.bullet || l.segs.length !== 1) return false;
  const text = lineText(l).trim();
  // "Vocational . . . . . . . . .": a title ruled out to the margin with leader dots
  if (DOT_LEADER.test(text)) return true;
  if (wordCount(text) > 3 || hasDate(text) || /[,.;:!?]/.test(text)) return false;
  if (lineSize(l) < lineSize(next) + 0.5) return false;
  const head = lineText(next);
  return hasDate(head) && (head.match(/,/g) ?? []).length >= 2;
}

/**
 * The line above had room left for the first word of `next` (with a space), up to the text's
 * right edge: it ended where its writer ended it, and `next` is not its wrapped rest.
 */
function hadRoom(above: Line, next: Line, rightEdge: number): boolean {
  const seg = next.segs[0];
  const t = seg?.text.trim() ?? '';
  if (!seg || !t) return false;
  const charWidth = (seg.x2 - seg.x) / t.length;
  // (Chinese wraps between any two characters: a character's room is enough)
  const word = /^\p{Script=Han}/u.test(t) ? t.slice(0, 1) : (t.split(/\s/)[0] ?? '');
  return lineX2(above) + (word.length + 1) * charWidth < rightEdge;
}

/**
 * Space (in line heights) beyond the lines of one wrapped item that sets items apart (more than
 * the rounding of positions moves a gap).
 */
const ITEM_SPACE = 0.1;

/** A gap (in line heights) this much wider than another sets its line apart from it. */
const WIDER_GAP = 0.25;

/** An indent (in ems) that sets a line clearly deeper than the head, even a one-em one. */
const DEEPER_INDENT = 0.5;

/**
 * The entry's items are set deeper than its head (half an em or more) and this plain, undated line starts where the
 * item above it does ("Title" / "    Maintained …" / "    <more info>"): another item of the
 * entry (whose list glyphs may be icons the extraction dropped), not the head of the next one.
 */
function deeperBody(l: Line, cur: Block, lastBodyLine: Line | undefined): boolean {
  const top = cur.head[0];
  if (!top || !lastBodyLine || l.segs.length !== 1 || lineBold(l)) return false;
  const size = lineSize(l) || 10;
  return (
    Math.abs(lineX(l) - lineX(lastBodyLine)) < 1 &&
    lineX(l) > lineX(top) + DEEPER_INDENT * size &&
    Math.abs(lineSize(l) - lineSize(lastBodyLine)) < 0.5 &&
    !hasDate(lineText(l))
  );
}

/** Words a closed sentence has at least (fewer may be a head's parts: "Harbor Works."). */
const SENTENCE_WORDS = 4;

/**
 * A plain line of several parts whose first part closes a sentence ("… the society.   See
 * <link>"): under an item that has not ended, the rest of that item, not a head with a place
 * or date set apart (heads name no sentence).
 */
function sentenceEndsFirstPart(l: Line): boolean {
  const first = l.segs[0]?.text.trim() ?? '';
  return (
    l.segs.length > 1 &&
    !lineBold(l) &&
    !hasDate(lineText(l)) &&
    endsProse(first) &&
    wordCount(first) >= SENTENCE_WORDS
  );
}

/** How much smaller (in points) a part is set to stand apart from the text before it. */
const SMALLER_PART = 0.5;

/**
 * The last part of a wrapped line, set smaller than the text before it after that text closes
 * its sentence ("… of public events.  See <link>."): a note of its own, not more of the sentence.
 */
function smallerTail(l: Line): string | undefined {
  const tail = l.segs[l.segs.length - 1];
  const first = l.segs[0];
  if (l.segs.length < 2 || !tail || !first || tail.size > first.size - SMALLER_PART) return;
  const before = lineText({ ...l, segs: l.segs.slice(0, -1) }).trim();
  return endsProse(before) ? tail.text.trim() || undefined : undefined;
}

/** The last segment of a line, set apart in the right half of its column. */
function rightSegment(l: Line | undefined): Segment | undefined {
  const s = l && l.segs.length > 1 ? l.segs[l.segs.length - 1] : undefined;
  return s && l && s.x > l.colX + 0.5 * l.colW ? s : undefined;
}

/** The document sets dates at the right end of its entries' lines (two of them at least). */
export function rightDateColumn(lines: Line[]): boolean {
  const dated = lines.filter((l) => isDateOnly(rightSegment(l)?.text.trim() ?? ''));
  return dated.length >= 2;
}

/** Two short parts around a spaced dash ("2007 – Crisis Era", "Year 1 – Year 3"). */
const NAMED_SPAN = /^[^,;]{1,30}\s[–—-]\s[^,;]{1,30}$/u;

/**
 * In a document that sets its dates at the right end of the entries' lines, a span with a number
 * set there on the head's first line is the entry's dates, whole, even where no date rule reads
 * it ("2007 – Crisis Era", "Year 1 – Year 3"), when the head names no other date.
 */
export function spanInDateColumn(block: Block): Block {
  const l = block.head[0];
  const seg = rightSegment(l);
  if (!l || !seg) return block;
  const t = seg.text.trim();
  if (isDateOnly(t) || !NAMED_SPAN.test(t) || !/\d/.test(t)) return block;
  const others = [
    ...l.segs.slice(0, -1).map((x) => x.text),
    ...block.head.slice(1).map(lineText),
    ...block.extra,
  ];
  if (others.some(hasDate)) return block;
  return { ...block, head: [{ ...l, segs: l.segs.slice(0, -1) }, ...block.head.slice(1)], date: t };
}

/** How many words a one-line entry of a list runs to at most. */
const LISTED_ENTRY_WORDS = 12;
/** What sets the parts of a one-line entry apart ("Role, Employer", "机构，职位", "A | B"). */
const ENTRY_PARTS = /[,，|·]|\s[–—-]\s/gu;

/** A short capitalised name: no sentence, no date. */
const shortName = (s: string): boolean => {
  const t = s.trim();
  return (
    !!t && wordCount(t) <= 5 && /^[\p{Lu}\p{N}]/u.test(t) && !/[.!?]$/.test(t) && !isDateOnly(t)
  );
};

/**
 * The name a row opens with and what it says of it: the first part of a label column
 * ("Trailhead      A route planner …"), or a short name before a colon or a spaced dash
 * ("Trailhead: A route planner …", "**Trailhead** — A route planner …").
 */
function rowName(l: Line): { name: string; rest: string } | undefined {
  const first = l.segs[0];
  const second = l.segs[1];
  if (!first || l.bullet) return undefined;
  const rest = lineText({ ...l, segs: l.segs.slice(1) }).trim();
  // (a date set apart at the right is a head's, not a label column's text)
  if (second && shortName(first.text) && second.x - first.x2 > 0.75 * first.size && !hasDate(rest))
    return { name: first.text.trim(), rest };
  const m = /^(.+?)(?::\s+|\s+[–—-]\s+)(\S.*)$/u.exec(lineText(l).trim());
  // (what is said runs to a phrase of three words or more: a list of short items after a label,
  // "Skills: Maps, Chrome Extension, Javascript", names no entry)
  const phrase = (t: string) => t.split(/\s*[,;|]\s*/).some((p) => wordCount(p) >= 3);
  if (m?.[1] && m[2] && shortName(m[1]) && phrase(m[2]) && !hasDate(m[2]))
    return { name: m[1].trim(), rest: m[2] };
  return undefined;
}

/**
 * A section of rows without list glyphs, each a name and a line on it ("Trailhead      A route
 * planner …" / "Ledgerly      A finance tracker …", or "Name: …", "Name — …"): each row is an
 * entry named there, its text wrapped onto the lines below it (set at the text's edge, or going
 * on with a sentence left open).
 */
export function namedRows(lines: Line[]): Block[] | undefined {
  if (lines.length < 2 || lines.some((l) => l.bullet)) return undefined;
  const left = Math.min(...lines.map(lineX));
  const blocks: Block[] = [];
  for (const l of lines) {
    const atLeft = Math.abs(lineX(l) - left) < 0.5 * (lineSize(l) || 10);
    const row = atLeft ? rowName(l) : undefined;
    const cur = blocks[blocks.length - 1];
    const said = cur?.body[cur.body.length - 1];
    if (row) {
      const { runs: _runs, ...seg } = l.segs[0]!;
      blocks.push({
        head: [{ ...l, segs: [{ ...seg, text: row.name }] }],
        extra: [],
        body: [row.rest],
        urls: [],
      });
    } else if (cur && said !== undefined && (!atLeft || !endsSentence(said)))
      cur.body[cur.body.length - 1] = joinWrapped(said, lineText(l).trim());
    else return undefined;
  }
  return blocks.length >= 2 ? blocks : undefined;
}

/**
 * A section that is nothing but a list of short items, each naming the parts of a head and ending
 * no sentence ("• Coastal Institute, Data Lab, Research fellow" / "• Engineer, Tidewater Ltd,
 * 2019–2021"): each item is an entry of its own, written on one line, not the description of one
 * entry without a head. (Two parts alone, "Treasurer, Student Union", may as well be an item.)
 */
export function listedEntries(lines: Line[]): Block[] | undefined {
  if (lines.length < 2) return undefined;
  const listed = lines.every((l) => {
    const text = lineText(l).trim();
    return (
      l.bullet &&
      wordCount(text) <= LISTED_ENTRY_WORDS &&
      (text.match(ENTRY_PARTS) ?? []).length + (hasDate(text) ? 1 : 0) >= 2 &&
      !endsProse(text) &&
      !sentenceLike({ ...l, bullet: false }, text)
    );
  });
  if (!listed) return undefined;
  return lines.map((l) => ({ head: [{ ...l, bullet: false }], extra: [], body: [], urls: [] }));
}

/** Where the reading of a section's lines into entries stands. */
interface BlockReader {
  lines: Line[];
  itemAt: readonly boolean[];
  blocks: Block[];
  /** The entry being read. */
  cur: Block;
  last: 'none' | 'head' | 'body';
  bulletTextX: number;
  /** The depth of a list of plain lines after a line ending in a colon, while it goes on. */
  listX: number;
  lastBodyLine: Line | undefined;
  /** A note set smaller was cut short at its line's end ("See"): the next line finishes it. */
  openNote: boolean;
  /** The usual space between lines. */
  typicalGap: number;
  rail: { x: number; text: number } | undefined;
  /** The space between the lines of one wrapped text in the rail's text column (the tightest). */
  railPitch: number;
  /**
   * The text's edge: lines of one run, not a head with its date set apart at the right (or the
   * column's edge, where an indented item that fills its line wraps).
   */
  rightEdge: number;
}

/** A reader at the start of a section's lines (wrapped dates joined), with their measures. */
function blockReader(source: Line[], itemAt: readonly boolean[]): BlockReader {
  const lines = joinWrappedDates(source);
  const gaps = lines
    .map((l) => l.gap)
    .filter((g) => g > 0 && g < 5)
    .sort((a, b) => a - b);
  const rail = dateRail(lines);
  return {
    lines,
    itemAt,
    blocks: [],
    cur: { head: [], extra: [], body: [], urls: [] },
    last: 'none',
    bulletTextX: -1,
    listX: -1,
    lastBodyLine: undefined,
    openNote: false,
    typicalGap: gaps[Math.floor(gaps.length / 2)] ?? 1.3,
    rail,
    railPitch: rail
      ? Math.min(
          ...lines
            .filter((l, i) => i > 0 && !railDate(l) && l.gap > 0.8 && l.gap < 5)
            .filter((l) => Math.abs(lineX(l) - rail.text) < (lineSize(l) || 10))
            .map((l) => l.gap),
        )
      : Infinity,
    rightEdge: Math.max(
      0,
      ...lines.filter((l) => l.segs.length === 1).map(lineX2),
      ...lines.map((l) => (l.colW > 0 ? l.colX + l.colW : 0)),
    ),
  };
}

/**
 * A capitalised line that the body line above had room for: an item of its own (unless that
 * line ends in a function word, which no item ends in).
 */
function unwrappedItem(r: BlockReader, l: Line, text: string): boolean {
  return (
    !!r.lastBodyLine &&
    /^(?:\p{Lu}|\p{Script=Han})/u.test(text) &&
    !WRAPPED_SENTENCE.test(lineText(r.lastBodyLine).trim()) &&
    hadRoom(r.lastBodyLine, l, r.rightEdge)
  );
}

/** The entry being read is done (if it has anything); the next starts empty. */
function pushBlock(r: BlockReader): void {
  if (r.cur.head.length || r.cur.body.length) r.blocks.push(r.cur);
  r.cur = { head: [], extra: [], body: [], urls: [] };
  r.listX = -1;
}

/** The line joins the head of the entry being read (a new one when `pushBlock` came first). */
/**
 * A head line that wrapped onto this one ("Role, Employer, Boul-   2015 – 2017" / "der, CO."): a
 * short line of one part in the same type at the head line's left edge, after that line's last
 * part before its dates broke off at a comma or inside a word. The head line with this line's
 * text joined to that part (and to its last run of one weight).
 */
function wrappedHead(prev: Line | undefined, l: Line): Line | undefined {
  const seg = l.segs[0];
  if (!prev || !seg || l.segs.length !== 1 || l.bullet || l.page !== prev.page) return undefined;
  let k = prev.segs.length - 1;
  while (k > 0 && isDateOnly(prev.segs[k]?.text.trim() ?? '')) k--;
  const last = prev.segs[k];
  const text = seg.text.trim();
  if (!last || (wordCount(text) > 4 && !/^\p{Ll}/u.test(text))) return undefined;
  const sameType = Math.abs(seg.size - last.size) < 0.5 && seg.bold === last.bold;
  const atEdge = Math.abs(seg.x - (prev.segs[0]?.x ?? 0)) < 0.5 * seg.size;
  if (!sameType || !atEdge || !/(?:,|\p{Ll}-)$/u.test(last.text.trimEnd())) return undefined;
  const runs = last.runs;
  const joined: Segment = {
    ...last,
    text: joinWrapped(last.text.trimEnd(), text),
    ...(runs?.length
      ? { runs: [...runs.slice(0, -1), joinWrapped((runs[runs.length - 1] ?? '').trimEnd(), text)] }
      : {}),
  };
  return { ...prev, segs: prev.segs.map((x, j) => (j === k ? joined : x)) };
}

function toHead(r: BlockReader, l: Line, extra: string[]): void {
  r.cur.head.push(l);
  r.cur.extra.push(...extra);
  r.last = 'head';
  r.bulletTextX = -1;
}

/** The line being read: its index, as laid out, before and after its right part was peeled. */
interface LineAt {
  i: number;
  /** The line as laid out. */
  line: Line;
  /** The line with its gap at a page's top evened out (not a bullet when it heads a sub-entry). */
  raw: Line;
  /** `raw` with a date set apart at its right peeled into `extra`. */
  l: Line;
  text: string;
  extra: string[];
}

/**
 * In a section whose dates stand in a rail: a date in the rail starts the next entry, and a line
 * at the text column goes on with the entry whose date stands there (its head, wrapped or going
 * on, or its items). Whether the line was read so.
 */
function readRailLine(
  r: BlockReader,
  rail: { x: number; text: number },
  { l, text, extra }: LineAt,
): boolean {
  const { cur } = r;
  const size = lineSize(l) || 10;
  // a date in the rail starts the next entry
  if (railDate(l) && Math.abs(lineX(l) - rail.x) < size) {
    pushBlock(r);
    toHead(r, l, extra);
    return true;
  }
  const top = cur.head[0];
  const lastHead = cur.head[cur.head.length - 1];
  const date = top?.segs[0];
  // "2003 – 2004 and" over "2006 – 2012": the rail's date goes on below it
  if (
    top &&
    date &&
    railDate(top) &&
    r.last === 'head' &&
    cur.head.length === 1 &&
    l.segs.length === 1 &&
    isDateOnly(text) &&
    Math.abs(lineX(l) - rail.x) < size &&
    RAIL_GOES_ON.test(date.text.trim())
  ) {
    cur.head[0] = {
      ...top,
      segs: [{ ...date, text: `${date.text.trim()} ${text}` }, ...top.segs.slice(1)],
    };
    return true;
  }
  // a line at the text column goes on with the entry whose date stands in the rail
  if (!(top && lastHead && railDate(top) && !l.bullet && Math.abs(lineX(l) - rail.text) < size))
    return false;
  const headText = lineText(lastHead).trim();
  const seg = lastHead.segs[lastHead.segs.length - 1];
  // (a quotation closed at its end is a whole title: what follows is another part)
  const wraps = /,$/.test(headText) || (startsLower(text) && !/[“”"»’]$/u.test(headText));
  if (r.last === 'head' && seg && wraps) {
    // the head's text wrapped onto this line
    cur.head[cur.head.length - 1] = {
      ...lastHead,
      segs: [...lastHead.segs.slice(0, -1), { ...seg, text: joinWrapped(seg.text, text) }],
    };
    return true;
  }
  if (
    HEAD_LABEL.test(text) ||
    (r.last === 'head' && startsLower(text)) ||
    (r.last === 'head' &&
      cur.head.length === 1 &&
      // (a plain line set smaller than a head's text that is complete, naming role,
      // employer and place or closed by a full stop, is its description)
      !(
        !lineBold(l) &&
        lineSize(l) < (seg?.size ?? 0) - 0.5 &&
        ((headText.match(/,/g) ?? []).length >= 2 || endsProse(headText))
      ) &&
      !LABELLED.test(text) &&
      !/:$/.test(text) &&
      headerLike(l, text) &&
      !sentenceLike(l, text)) ||
    // "1879–1889  Employer" / "Role" / "Town": a bare town closes the head
    (r.last === 'head' && cur.head.length === 2 && !lineBold(l) && !hasDate(text) && townPart(text))
  ) {
    cur.head.push(l);
    return true;
  }
  // an item: a labelled line, one after a finished sentence or a capitalised one that the
  // line above had room for starts one, else it goes on
  const prev = cur.body[cur.body.length - 1];
  // (items set apart by more space than the lines of one item: a capitalised line after
  // such a space starts an item)
  const spacedItem = /^(?:\p{Lu}|\p{Script=Han})/u.test(text) && l.gap > r.railPitch + ITEM_SPACE;
  if (
    r.last === 'body' &&
    prev !== undefined &&
    !LABELLED.test(text) &&
    !/[.!?]$/.test(prev) &&
    !unwrappedItem(r, l, text) &&
    !spacedItem
  )
    cur.body[cur.body.length - 1] = joinWrapped(prev, text);
  else cur.body.push(text);
  r.last = 'body';
  r.lastBodyLine = l;
  r.bulletTextX = -1;
  return true;
}

/**
 * What a line after an item says of itself: whether it reads as a head (`head`; `dated`, with
 * its date set apart at the right; `spanHead`, closed by its span of dates), whether it is set
 * like the bullets' text (`indentedLikeBullet`) and close below (`smallGap`), and whether it
 * goes on with the item (`cont`).
 */
function bodyLineCues(r: BlockReader, { i, line, raw, l, text }: LineAt) {
  const { lines, cur, lastBodyLine } = r;
  const before = lines[i - 1];
  const prev = cur.body[cur.body.length - 1] ?? '';
  const size = l.segs[0]?.size ?? 10;
  const indentedLikeBullet =
    r.bulletTextX >= 0 &&
    lineX(l) >= r.bulletTextX - 2.5 &&
    lineX(l) <= r.bulletTextX + 2.5 * size &&
    lineX(l) > l.colX + 4;
  // at the top of a page the gap says nothing; a line there with its date set apart at the
  // right starts the next entry, not a wrapped item
  const lastSeg = raw.segs[raw.segs.length - 1];
  const datedHead =
    raw.segs.length > 1 &&
    !!lastSeg &&
    lastSeg.x > raw.colX + 0.5 * raw.colW &&
    isDateOnly(lastSeg.text.trim());
  // (a line with its date set apart at the right is judged with that date: "Job title,
  // Employer, City.   2015–2019")
  const dated = datedHead && headerLike(raw, lineText(raw).trim());
  const head = headerLike(l, text) || dated;
  const pageTop = !!before && line.page !== before.page;
  const smallGap = l.gap <= r.typicalGap * 1.35 + 0.05 && !(pageTop && datedHead);
  // a wrapped item line may carry a date ("Place, 2010.") when the item has not ended
  const hanging =
    lastBodyLine !== undefined && lineX(l) > lineX(lastBodyLine) + 0.5 * size && !l.bullet;
  const wrappedWithDate =
    (indentedLikeBullet || startsLower(text) || hanging) &&
    !lineBold(l) &&
    l.segs.length === 1 &&
    !endsSentence(prev) &&
    !isDateOnly(text);
  // "Lehrerin   August 2021 – Juli 2023", or "Second de cuisine, Hôtel SA," over "Paris
  // (12/2020-01/2024)": a head closed by its span of dates (or with it set apart at the
  // right) after an item is the next entry, though set at the items' edge as closely as they
  // are
  const spanHead =
    head &&
    !startsLower(text) &&
    ((dated && RANGE.test(lastSeg?.text ?? '')) ||
      // ("2021 – 2023   Teacher, School": its span set apart before it)
      (l.segs.length > 1 && isDateOnly(l.segs[0]!.text.trim()) && RANGE.test(l.segs[0]!.text)) ||
      endsWithSpan(text) ||
      (!hasDate(text) &&
        spanLine(lines[i + 1]) &&
        // (its first part: parts cut at a comma or bar, after an item that has ended)
        (/[,|]$/.test(text) || (/[,|]\s/.test(text) && wordCount(text) >= 3)) &&
        !endsSentence(prev) &&
        !WRAPPED_SENTENCE.test(prev)));
  const cont =
    smallGap &&
    lastBodyLine !== undefined &&
    !spanHead &&
    (wrappedWithDate ||
      (!hasDate(text) &&
        (startsLower(text) ||
          // (a line with its date set apart is the next head, not the item's wrapped text)
          (indentedLikeBullet && !lineBold(l) && !dated && !unwrappedItem(r, l, text)) ||
          // an item cannot end in a function word ("… dashboard for a")
          (WRAPPED_SENTENCE.test(prev) && !lineBold(l)) ||
          (!endsSentence(prev) && sentenceEndsFirstPart(l)) ||
          (!endsSentence(prev) && !head && !unwrappedItem(r, l, text)))));
  return { prev, size, indentedLikeBullet, dated, head, smallGap, spanHead, cont };
}

/**
 * A plain line after an item: an item of a list after a colon, the item's wrapped text (a part
 * set smaller after its sentence an item of its own), the head of the next entry, or an item.
 */
function readBodyLine(r: BlockReader, at: LineAt): void {
  const { i, l, text, extra } = at;
  const { cur, lastBodyLine } = r;
  const cue = bodyLineCues(r, at);
  const { prev, size } = cue;
  // "… lists and links:" over lines set deeper: the items of that list
  // (and the lines after them at their depth)
  const listAfterColon =
    (/:$/.test(prev) && lastBodyLine !== undefined && lineX(l) > lineX(lastBodyLine) + size) ||
    (r.listX >= 0 && Math.abs(lineX(l) - r.listX) < 1);
  if (listAfterColon && !lineBold(l) && !hasDate(text)) {
    cur.body.push(text);
    cur.extra.push(...extra);
    r.lastBodyLine = l;
    r.listX = lineX(l);
    return;
  }
  r.listX = -1;
  // "Further tasks:" set out left of the bullets' text: a lead-in of its own, no wrapped line
  const leadIn =
    r.bulletTextX >= 0 &&
    lineX(l) < r.bulletTextX - 2.5 &&
    /^\p{Lu}/u.test(text) &&
    /:$/.test(text) &&
    wordCount(text) <= 5;
  if (cue.cont && !r.itemAt[i] && !leadIn) {
    const tail = smallerTail(l);
    if (tail) {
      // the item ends with its sentence; the part set smaller after it is an item of its own
      cur.body[cur.body.length - 1] = joinWrapped(
        prev,
        lineText({ ...l, segs: l.segs.slice(0, -1) }).trim(),
      );
      cur.body.push(tail);
      r.openNote = !endsSentence(tail);
    } else cur.body[cur.body.length - 1] = joinWrapped(prev, text);
    cur.extra.push(...extra);
    r.lastBodyLine = l;
    return;
  }
  // (a bold line after plain items opens the next entry, even set where the items' glyphs stand)
  const boldAfterItems = lineBold(l) && !!lastBodyLine && !lineBold(lastBodyLine);
  if (
    cue.head &&
    (!(cue.indentedLikeBullet && cue.smallGap) || cue.dated || cue.spanHead || boldAfterItems) &&
    !r.itemAt[i] &&
    !deeperBody(l, cur, lastBodyLine)
  ) {
    pushBlock(r);
    toHead(r, l, extra);
    return;
  }
  cur.body.push(text);
  cur.extra.push(...extra);
  r.lastBodyLine = l;
  r.bulletTextX = -1;
}

/**
 * Whether a head-like line under a head closes that head and starts the next entry: a dated head
 * is complete (a clearly wider gap, the head's opening style coming back, or a line in its first
 * line's style after a date line of its own starts the next), a line with a date of its own
 * starts one, and so does a wide gap.
 */
function startsNextHead(r: BlockReader, l: Line, text: string) {
  const { cur, typicalGap } = r;
  const headHasDate = cur.head.some((h) => hasDate(lineText(h))) || cur.extra.some(hasDate);
  const bigGap = l.gap > typicalGap * 1.8 && cur.head.length > 0;
  // a head that has its date is complete: a clearly wider gap starts the next entry
  const wideGap = headHasDate && cur.head.length >= 2 && l.gap > typicalGap * 1.35 + 0.05;
  // ... or the style the head opened with comes back (a bold title line after plain ones)
  const first = cur.head[0];
  const lastHead = cur.head[cur.head.length - 1];
  const titleAgain =
    headHasDate &&
    !!first &&
    !!lastHead &&
    cur.head.length >= 2 &&
    lineBold(l) &&
    lineBold(first) &&
    !lineBold(lastHead) &&
    Math.abs(lineSize(l) - lineSize(first)) < 0.3 &&
    !isDateOnly(lineText(first).trim());
  // ... or a head closed by its date on a line of its own ("School — Degree" over "2014 –
  // 2016", perhaps over a grade, "GPA: 3.8") is followed by a line in its first line's style,
  // set apart wider than the date and than the lines after it
  const dateLine = cur.head.slice(1).find((h) => isDateOnly(lineText(h).trim()));
  const closedByDate =
    headHasDate &&
    !!first &&
    !!lastHead &&
    !!dateLine &&
    !isDateOnly(lineText(first).trim()) &&
    !hasDate(text) &&
    lineBold(l) === lineBold(first) &&
    Math.abs(lineSize(l) - lineSize(first)) < 0.3 &&
    l.gap > dateLine.gap + WIDER_GAP &&
    l.gap > lastHead.gap;
  const datedNext = headHasDate && hasDate(text) && !expectedWithin(l, cur.head);
  return { datedNext, next: datedNext || bigGap || wideGap || titleAgain || closedByDate };
}

/**
 * A plain line in a head (or at the start): a head-like line joins the head or starts the next
 * entry; any other line is the entry's first item.
 */
function readHeadLine(r: BlockReader, { i, l, text, extra }: LineAt): void {
  const { cur } = r;
  const prevHead = cur.head[cur.head.length - 1];
  // a plain line set smaller under a dated head that names its role, employer and place
  // ("Job title, Employer, City.   2015–2019" over "Description"): its description
  // (its date may have been set apart into the head's extra pieces)
  const described =
    !!prevHead &&
    (hasDate(lineText(prevHead)) || cur.extra.some(hasDate)) &&
    (lineText(prevHead).match(/,/g) ?? []).length >= 2 &&
    !lineBold(l) &&
    lineSize(l) < lineSize(prevHead) - 0.5;
  // a plain line set smaller than every line of a head of two or more lines that has its date
  // ("Institution   City" / "Degree, Grade   2015–2019" over "Description")
  const underDatedHead =
    cur.head.length >= 2 &&
    (cur.head.some((h) => hasDate(lineText(h))) || cur.extra.some(hasDate)) &&
    !lineBold(l) &&
    lineSize(l) < Math.min(...cur.head.map(lineSize)) - 0.5;
  const size = lineSize(l) || 10;
  const plain = l.segs.length === 1 && !lineBold(l) && !hasDate(text);
  // a head of one line, complete with its dates
  const one = cur.head.length === 1 ? cur.head[0] : undefined;
  const oneText = one ? lineText(one) : '';
  const oneDated = !!one && (hasDate(oneText) || cur.extra.some(hasDate));
  // (its parts counted without its dates: "2022 – 2026 Lecturer" names one part)
  const named = takeDate(oneText)?.rest ?? oneText;
  // ... that names its parts and its organisation ("Role – Employer Srl, Town   2016 – 2019",
  // "星河数据科技有限公司   高级后端工程师   2021.07 – 至今"), not broken off at a comma
  const whole =
    oneDated &&
    ((named.match(ENTRY_PARTS) ?? []).length >= 1 ||
      one.segs.filter((g) => !isDateOnly(g.text.trim())).length >= 2) &&
    companyScore(named) > 0 &&
    !/[,;]\s*$/.test(named);
  // a plain undated line set an em or more deeper than every line of a head of two or more
  // ("Employer, Town   2019 – 2021" / "Role" / "    Scheduled the visits"), or of a whole head
  // of one line when it names no part and no organisation itself (under "Degree, Field   2012 –
  // 2015" the line "    University" is more of the head): an item whose list glyph was drawn as
  // a shape, not another part of the head
  // (a head line with its date in a rail starts at its text)
  const headXs = cur.head.map((h) => (railDate(h) ? (h.segs[1]?.x ?? lineX(h)) : lineX(h)));
  const deeperItem =
    plain &&
    (cur.head.length >= 2 ||
      (whole && !(text.match(ENTRY_PARTS) ?? []).length && companyScore(text) === 0)) &&
    // (the head's lines share their left edge)
    Math.max(...headXs) - Math.min(...headXs) < size &&
    lineX(l) >= Math.max(...headXs) + size - 0.5 &&
    // (an indent, not a part set at the right: "Institution   Degree")
    lineX(l) - Math.max(...headXs) < Math.max(4 * size, 0.25 * l.colW);
  // a plain undated line under a dated head of one line, deeper than the head and set where the
  // items of the entries above started ("Role – Employer   2016 – 2019" / "    Kept the
  // ledgers"): an item of this entry too (the entries of a section share a layout)
  const lastItem = r.lastBodyLine;
  const atItemEdge =
    plain &&
    !!lastItem &&
    oneDated &&
    !/,\s*$/.test(oneText) &&
    Math.abs(lineX(l) - lineX(lastItem)) < 1 &&
    Math.abs(lineSize(l) - lineSize(lastItem)) < 0.5 &&
    // (where no head line of the entries above stood: "Date Role" / "    Employer" / "    Item")
    !r.blocks.some((b) => b.head.some((h) => Math.abs(lineX(h) - lineX(l)) < 1)) &&
    lineX(l) > lineX(one) + 0.5 * size;
  if (
    headerLike(l, text) &&
    !sentenceLike(l, text) &&
    !r.itemAt[i] &&
    !described &&
    !underDatedHead &&
    !deeperItem &&
    !atItemEdge &&
    !(cur.head.length && COURSES_RE.test(text))
  ) {
    const { datedNext, next } = startsNextHead(r, l, text);
    // "School A" / "Degree, 2017 – 2019" / "School B" over "Degree, 2014 – 2017": the last line
    // names the same kind of thing as the head's first, so it opens the next entry
    const carried = datedNext ? openerAgain(cur.head) : undefined;
    if (carried) cur.head.pop();
    if (next) pushBlock(r);
    if (carried) toHead(r, carried, []);
    toHead(r, l, extra);
    return;
  }
  cur.body.push(text);
  cur.extra.push(...extra);
  r.last = 'body';
  r.bulletTextX = -1;
  r.lastBodyLine = l;
}

/**
 * A section's lines split into entries: each a head (its lines and the pieces set apart from
 * them), its items and its links. `itemAt` marks the lines the learned model reads as the start
 * of an item.
 */
export function splitBlocks(source: Line[], itemAt: readonly boolean[] = []): Block[] {
  const r = blockReader(source, itemAt);
  const { lines, typicalGap, rail } = r;
  for (const [i, line] of lines.entries()) {
    // the first line of a page says nothing by its distance from the line above
    const before = lines[i - 1];
    const item =
      before && line.page !== before.page && line.gap > typicalGap
        ? { ...line, gap: typicalGap }
        : line;
    const sub = subEntryHead(item, lines[i + 1]);
    const raw = sub ? { ...item, bullet: false } : item;
    const extra: string[] = [];
    const l = raw.bullet || r.last === 'body' ? peelRight(raw, extra) : raw;
    const text = lineText(l).trim();
    if (!text || groupTitle(l, lines[i + 1])) continue;
    const at: LineAt = { i, line, raw, l, text, extra };
    if (rail && readRailLine(r, rail, at)) continue;
    const { cur } = r;
    if (sub) {
      // a nested entry: joins a head without a date, else starts the next entry
      const headHasDate = cur.head.some((h) => hasDate(lineText(h))) || cur.extra.some(hasDate);
      if (cur.body.length || headHasDate) pushBlock(r);
      toHead(r, l, extra);
      continue;
    }
    // "See" / "<link>": the link finishes the note cut short above it
    const note = cur.body[cur.body.length - 1];
    if (r.openNote && note !== undefined && URL_ONLY.test(text) && !l.bullet) {
      cur.body[cur.body.length - 1] = joinWrapped(note, text);
      r.openNote = false;
      continue;
    }
    r.openNote = false;
    if (URL_ONLY.test(text) && !l.bullet) {
      cur.urls.push(text);
      cur.extra.push(...extra);
      continue;
    }
    if (l.bullet) {
      cur.body.push(text);
      cur.extra.push(...extra);
      r.last = 'body';
      r.bulletTextX = lineX(l);
      r.lastBodyLine = l;
      continue;
    }
    const wrapped = r.last === 'head' ? wrappedHead(cur.head[cur.head.length - 1], l) : undefined;
    if (wrapped) {
      cur.head[cur.head.length - 1] = wrapped;
      cur.extra.push(...extra);
    } else if (r.last === 'body') readBodyLine(r, at);
    else readHeadLine(r, at);
  }
  pushBlock(r);
  return r.blocks;
}

/**
 * What sets head parts apart: | · • and the like, wide gaps, a space between Chinese words (which
 * are written without spaces inside a name), and an icon standing as a word
 * ("◷ 2020 – 2022 ⌂ Berlin", an icon font's private-use glyph). Marks that belong to a name
 * (© ® ™ °) are kept.
 */
const PIECE_SEPARATOR =
  /(?<=\p{Script=Han})\s+(?=\p{Script=Han})|\s+[|·•●◆⋄∙]\s+|\s{2,}|\s+[|]\s*|\s*[|]\s+|\s*\p{Co}+\s*|(?:^|\s+)(?![©®™°])\p{So}+(?:\s+|$)/u;

/** Separators left at the edge of a run of one weight ("**Acme Corp**, Austin": ", Austin"). */
const RUN_EDGE = /^[\s,;.:|·•–—-]+|[\s,;|·•–—-]+$/gu;
/** A piece of a run without the separators at its edges, nor a full stop that ends no abbreviation. */
const runPiece = (p: string): string => {
  const bare = p.replace(RUN_EDGE, '');
  return ABBREVIATED.test(bare) ? bare : bare.replace(/\.+$/, '');
};

/** Split head text into pieces: segments and their runs of one weight, then separators (|, ·, •, icons, spaced dashes, tabs). */
export function pieces(block: Block, byRuns = true): string[] {
  const out: string[] = [];
  let open = false;
  for (const l of block.head)
    for (const [k, s] of l.segs.entries()) {
      const runs = byRuns ? s.runs : undefined;
      const split = (runs ?? [s.text])
        .flatMap((run) => run.split(PIECE_SEPARATOR))
        .map((p) => (runs ? runPiece(p) : p.trim()))
        .filter((p) => (runs ? /[\p{L}\p{N}]/u.test(p) : p));
      // "Chef de cuisine, Hôtel SA, Nantes," over "France (2020-2024)": a head line cut after a
      // comma goes on with the next line's first piece
      if (open && k === 0 && split.length) out[out.length - 1] += ` ${split.shift()}`;
      out.push(...split);
      open = k === l.segs.length - 1 && /,$/.test(s.text.trim()) && out.length > 0;
    }
  out.push(...block.extra);
  return out;
}
