/**
 * Reading a LinkedIn profile export (layout.ts found it) by its structure first: the column a
 * line is in, its type size, the space above it. Vocabulary (vocabulary.ts) names the sections
 * and tells dates and durations apart; a heading it does not know is read by its place and
 * content. Output follows the LinkedIn gold conventions (corpus/linkedin/README.md).
 */
import type { Contact, Education, Experience, ResumeData } from '@folio/core';
import { nameLines, type ColumnLine, type LinkedInLayout } from './layout.ts';
import {
  isDateSpan,
  isDuration,
  mainKind,
  MAIN_ORDER,
  sidebarKind,
  SIDEBAR_ORDER,
  STACK_LABEL,
  withoutDuration,
  type MainKind,
  type SidebarKind,
} from './vocabulary.ts';

/** Sizes closer than this (points) are one size. */
const SAME_SIZE = 0.3;
/** A wrapped line follows its line by at most this many times its size; an item starts lower. */
const WRAP = 1.45;
/** A role's place follows its dates as closely as a wrapped line; its text starts lower. */
const PLACE = 1.6;
/** A span of dates is a few words at most ("septiembre de 2023 - noviembre de 2023"). */
const DATE_WORDS = 10;
/** A role's place is a few words at most ("Greater Paris Metropolitan Region"). */
const PLACE_WORDS = 8;
/** A paragraph of a role's text starts this many times its size below the one before at least. */
const PARAGRAPH = 2.4;

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
/**
 * Wrapped lines joined with a space, except a word broken after its hyphen ("Problem-" over
 * "Solver"), which keeps the hyphen and no space.
 */
const joinWrap = (a: string, b: string) =>
  !a ? b : /\p{L}-$/u.test(a) && /^\p{L}/u.test(b) ? a + b : `${a} ${b}`;
const joinLines = (texts: string[]) => texts.reduce(joinWrap, '');
const same = (a: number, b: number) => Math.abs(a - b) < SAME_SIZE;
/** Space above a line in its column (undefined at the top of a page). */
const dy = (prev: ColumnLine | undefined, l: ColumnLine) =>
  prev && prev.page === l.page ? l.y - prev.y : undefined;

interface Section<K extends string> {
  title: string;
  kind: K | undefined;
  lines: ColumnLine[];
}

function sections<K extends string>(
  lines: ColumnLine[],
  isHeading: (l: ColumnLine) => boolean,
  kindOf: (t: string) => K | undefined,
): { before: ColumnLine[]; sections: Section<K>[] } {
  const before: ColumnLine[] = [];
  const out: Section<K>[] = [];
  let prev: ColumnLine | undefined;
  for (const l of lines) {
    const last = out[out.length - 1];
    const d = dy(prev, l);
    if (isHeading(l) && last && !last.lines.length && d !== undefined && d <= WRAP * l.size) {
      // a heading wrapped onto a second line
      last.title = `${last.title} ${l.text}`;
      last.kind = kindOf(last.title);
    } else if (isHeading(l)) out.push({ title: l.text, kind: kindOf(l.text), lines: [] });
    else (last?.lines ?? before).push(l);
    prev = l;
  }
  return { before, sections: out };
}

/**
 * A heading of no known word takes the kind its content shows, or else the next kind in the
 * order LinkedIn prints them that no other section has.
 */
function fillKinds<K extends string>(
  list: Section<K>[],
  order: readonly K[],
  byContent: (s: Section<K>) => K | undefined,
): void {
  for (const [i, s] of list.entries()) {
    if (s.kind !== undefined) continue;
    const taken = new Set(list.map((x) => x.kind).filter((k) => k !== undefined));
    const content = byContent(s);
    if (content !== undefined && !taken.has(content)) {
      s.kind = content;
      continue;
    }
    const prev = list
      .slice(0, i)
      .reverse()
      .find((x) => x.kind !== undefined)?.kind;
    const next = list.slice(i + 1).find((x) => x.kind !== undefined)?.kind;
    const from = prev === undefined ? 0 : order.indexOf(prev) + 1;
    const to = next === undefined ? order.length : order.indexOf(next);
    s.kind = order.slice(from, to).find((k) => !taken.has(k));
  }
}

// ------------------------------------------------------------------------------ sidebar

/** Lines wrapped onto the next one set close below it are one item. */
function items(lines: ColumnLine[]): string[] {
  const out: string[] = [];
  let prev: ColumnLine | undefined;
  for (const l of lines) {
    const d = dy(prev, l);
    if (prev && d !== undefined && d <= WRAP * l.size && out.length)
      out[out.length - 1] = joinWrap(out[out.length - 1] ?? '', l.text);
    else out.push(l.text);
    prev = l;
  }
  return out.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** "(LinkedIn)", "(Mobile)", "(Portfolio)": the label LinkedIn sets after a contact item. */
const LABEL = /\s*\(([^()\d]{1,30})\)$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const SITE_START = /^(?:https?:\/\/|www\.)/iu;

interface ContactItem {
  text: string;
  url?: string;
  label?: string;
}

/**
 * A contact item goes on over the next line when both link to the same target, or, without
 * links, when it is an address (web or e-mail) not yet ended by its label and the next line is a
 * piece of one that starts nothing new.
 */
function continues(cur: ContactItem, l: ColumnLine, body: string): boolean {
  if (cur.label) return false;
  if (cur.url && l.url) return cur.url === l.url;
  if (/\s/.test(cur.text) || /\s/.test(body) || SITE_START.test(body)) return false;
  if (cur.text.includes('@')) return !body.includes('@') && !body.includes('/');
  return /[./]/.test(cur.text) && !/^\p{Lu}/u.test(body);
}

function contactItems(lines: ColumnLine[]): ContactItem[] {
  const out: ContactItem[] = [];
  let cur: ContactItem | undefined;
  for (const l of lines) {
    const label = LABEL.exec(l.text);
    const body = (label ? l.text.slice(0, label.index) : l.text).trim();
    if (!body) {
      if (cur && !cur.label && label) cur.label = label[1];
      continue;
    }
    if (cur && continues(cur, l, body)) cur.text += body;
    else {
      cur = { text: body, ...(l.url ? { url: l.url } : {}) };
      out.push(cur);
    }
    if (label) cur.label = label[1];
  }
  return out;
}

const PHONE = /^[+\d\s().\-/]{7,}$/u;

function readContact(lines: ColumnLine[], contact: Contact): void {
  for (const it of contactItems(lines)) {
    const t = it.text.trim();
    if (EMAIL.test(t) || it.url?.startsWith('mailto:')) {
      contact.email ??= t;
    } else if (PHONE.test(t) && (t.match(/\d/g)?.length ?? 0) >= 7) {
      contact.phone ??= t;
    } else if (/linkedin\.com\//iu.test(t)) {
      contact.linkedin ??= t;
    } else if (/(?:^|\/\/|\.)github\.com\//iu.test(t)) {
      contact.github ??= t;
    } else if (it.label && !/\s/.test(t) && /\.\p{L}{2,}/u.test(t)) {
      contact.portfolio ??= t;
    }
  }
}

/** A spoken language without its level ("English (Full Professional)" → "English"). */
const withoutLevel = (s: string) => s.replace(/\s*\([^()]*\)\s*$/u, '').trim();

const hasLevels = (s: Section<SidebarKind>) => {
  const list = items(s.lines);
  return list.length > 0 && list.filter((t) => LABEL.test(t)).length >= list.length / 2;
};

// ------------------------------------------------------------------------------ main column

/** Sentences of a paragraph (a full stop, "!" or "?" before a capital or a digit ends one). */
const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“«(])/u)
    .map((s) => s.trim())
    .filter(Boolean);

const DASH_ITEM = /^[-–—•▪◦*]\s*(?=\S)/u;

/**
 * A role's text: a line starting with a bullet or a dash starts an item (its wrapped lines
 * joined); a paragraph without one gives an item per sentence.
 */
function description(lines: ColumnLine[], right: number): string[] {
  const blocks: { text: string; bullet: boolean }[] = [];
  let prev: ColumnLine | undefined;
  for (const l of lines) {
    const dash = DASH_ITEM.test(l.text);
    const bullet = l.bullet || dash;
    const text = dash ? l.text.replace(DASH_ITEM, '') : l.text;
    const d = dy(prev, l);
    const last = blocks[blocks.length - 1];
    const apart =
      d === undefined
        ? // over a page break: a new paragraph when the text before ended a sentence
          /[.!?:]$/u.test(last?.text ?? '') && /^\p{Lu}/u.test(text)
        : d > PARAGRAPH * l.size;
    // a line of prose broken by its writer, not by the column ("Calculator app" over "Helping
    // people retire."): the next line's first word would have fitted after it
    const broken = !!prev && !last?.bullet && /^\p{Lu}/u.test(text) && hardBreak(prev, l, right);
    if (!last || bullet || apart || broken) blocks.push({ text, bullet });
    else last.text = joinWrap(last.text, text);
    prev = l;
  }
  return blocks.flatMap((b) =>
    b.bullet ? [b.text.replace(/\s+/g, ' ').trim()] : sentences(b.text.replace(/\s+/g, ' ')),
  );
}

/** A role's technologies from an item of its text that lists them ("Stack: Vue.js, AWS (EC2, S3)"). */
function technologies(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const m = STACK_LABEL.exec(item);
    if (!m) continue;
    // commas inside parentheses belong to their item
    let depth = 0;
    let cur = '';
    for (const ch of item.slice(m[0].length)) {
      if (ch === '(') depth++;
      if (ch === ')') depth = Math.max(0, depth - 1);
      if ((ch === ',' || ch === ';') && depth === 0) {
        out.push(cur.trim());
        cur = '';
      } else cur += ch;
    }
    out.push(cur.trim().replace(/\.$/u, ''));
  }
  return out.filter(Boolean);
}

/** The line before `next` ends where the first word of `next` would still have fitted. */
function hardBreak(prev: ColumnLine, next: ColumnLine, right: number): boolean {
  const word = next.text.split(/\s+/)[0] ?? '';
  const perChar = (next.x2 - next.x) / Math.max(1, next.text.length);
  return prev.x2 + (word.length + 1) * perChar < right - perChar;
}

/**
 * The first line under a role is its span of dates (the duration after it dropped): one of known
 * words, or by its place alone a short line with a year or a duration after it.
 */
function dateLine(text: string): string | undefined {
  const span = withoutDuration(text);
  if (isDateSpan(span)) return span;
  const dated = span !== text.trim() || /\b(?:19|20)\d{2}\b/u.test(span);
  return dated && wordCount(span) <= DATE_WORDS && !/[.!?]$/u.test(span) ? span : undefined;
}

function readExperience(lines: ColumnLine[], right: number): Experience[] {
  if (!lines.length) return [];
  const detail = Math.min(...lines.map((l) => l.size));
  const isHead = (l: ColumnLine) => l.size > detail + SAME_SIZE;
  const heads = lines.filter(isHead);
  const companySize = Math.max(...heads.map((l) => l.size));
  const roleSize = Math.min(...heads.map((l) => l.size));
  const twoSizes = heads.length > 0 && companySize - roleSize >= SAME_SIZE;

  const out: Experience[] = [];
  let company: string | undefined;
  let i = 0;
  while (i < lines.length) {
    const l = lines[i]!;
    if (!isHead(l)) {
      i++;
      continue;
    }
    // a block of head lines: the company's (the larger type, when there are two) over the role's,
    // each perhaps wrapped
    const block: ColumnLine[] = [];
    const headAt = (j: number) => (lines[j] && isHead(lines[j]) ? lines[j] : undefined);
    let j = i;
    if (twoSizes) {
      for (let h = headAt(j); h && same(h.size, companySize); h = headAt(++j)) block.push(h);
      for (let h = headAt(j); h && !same(h.size, companySize); h = headAt(++j)) block.push(h);
    } else for (let h = headAt(j); h; h = headAt(++j)) block.push(h);
    i += block.length;
    const after = lines[i];
    let role: ColumnLine[];
    if (twoSizes) {
      const co = block.filter((b) => same(b.size, companySize));
      role = block.filter((b) => !same(b.size, companySize));
      if (co.length) company = joinLines(co.map((b) => b.text));
    } else if (block.length >= 2) {
      company = block[0]!.text;
      role = block.slice(1);
    } else if (after && !isHead(after) && isDuration(after.text, false)) {
      company = block[0]!.text;
      role = [];
    } else role = block;
    if (!role.length) {
      // the total time at a company over its roles
      if (after && !isHead(after) && isDuration(after.text, false)) i++;
      continue;
    }
    const e: Experience = {};
    if (company) e.company = company;
    e.position = joinLines(role.map((b) => b.text));
    const details: ColumnLine[] = [];
    while (i < lines.length && !isHead(lines[i]!)) details.push(lines[i++]!);
    let k = 0;
    const dates = details[0] ? dateLine(details[0].text) : undefined;
    if (dates) {
      e.dates = dates;
      k = 1;
      const place = details[1];
      const d = place ? dy(details[0], place) : undefined;
      const below = details[2];
      // the place follows the dates as closely as a wrapped line, on one line of its own; at the
      // top of a page, a short line that ends no sentence, set apart from the text below it
      const close =
        d === undefined
          ? !!place &&
            place.page !== details[0]!.page &&
            wordCount(place.text) <= PLACE_WORDS &&
            !/[.!?:;]$/u.test(place.text)
          : d <= PLACE * place!.size;
      if (
        place &&
        !place.bullet &&
        close &&
        (!below || (dy(place, below) ?? Infinity) > PLACE * place.size)
      ) {
        e.location = place.text;
        k = 2;
      }
    }
    const text = description(details.slice(k), right);
    if (text.length) e.description = text;
    const stack = technologies(text);
    if (stack.length) e.technologies = stack;
    out.push(e);
  }
  return out;
}

/** "Degree, Field · (dates)": the parts printed. */
function degreeLine(text: string): Pick<Education, 'degree' | 'field_of_study' | 'dates'> {
  const out: Pick<Education, 'degree' | 'field_of_study' | 'dates'> = {};
  let t = text.replace(/\s+/g, ' ').trim();
  const m = /^(.*?)\s*(·)?\s*\(([^()]*)\)$/u.exec(t);
  if (m && (m[2] || !m[1] || isDateSpan(m[3] ?? ''))) {
    const dates = (m[3] ?? '').trim();
    if (dates) out.dates = dates;
    t = (m[1] ?? '').trim();
  }
  t = t.replace(/\s*·\s*$/u, '').trim();
  if (!t) return out;
  const comma = t.indexOf(',');
  const degree = (comma >= 0 ? t.slice(0, comma) : t).trim();
  const field = comma >= 0 ? t.slice(comma + 1).trim() : '';
  if (degree) out.degree = degree;
  if (field) out.field_of_study = field;
  return out;
}

function readEducation(lines: ColumnLine[]): Education[] {
  if (!lines.length) return [];
  const detail = Math.min(...lines.map((l) => l.size));
  const isHead = (l: ColumnLine) => l.size > detail + SAME_SIZE;
  const out: Education[] = [];
  let cur: { school: string[]; rest: string[] } | undefined;
  const flush = () => {
    if (!cur) return;
    const e: Education = {};
    const school = joinLines(cur.school).trim();
    if (school) e.institution = school;
    Object.assign(e, degreeLine(joinLines(cur.rest)));
    out.push(e);
  };
  for (const l of lines) {
    if (isHead(l)) {
      if (cur && !cur.rest.length) cur.school.push(l.text);
      else {
        flush();
        cur = { school: [l.text], rest: [] };
      }
    } else {
      cur ??= { school: [], rest: [] };
      cur.rest.push(l.text);
    }
  }
  flush();
  return out;
}

/** What a main section's content shows it is, when its heading is no known word. */
function mainByContent(s: Section<MainKind>): MainKind | undefined {
  const sizes = new Set(s.lines.map((l) => Math.round(l.size * 2)));
  if (sizes.size <= 1) return 'summary';
  const texts = s.lines.map((l) => l.text);
  if (texts.some((t) => withoutDuration(t) !== t.trim() || isDuration(t))) return 'experience';
  if (texts.some((t) => /·\s*\(|^\(.*\)$/u.test(t))) return 'education';
  return undefined;
}

/** What a sidebar section's content shows it is, when its heading is no known word. */
function sidebarByContent(s: Section<SidebarKind>, first: boolean): SidebarKind | undefined {
  if (first) return 'contact';
  if (hasLevels(s)) return 'languages';
  return undefined;
}

export function readLinkedIn(layout: LinkedInLayout): ResumeData {
  const out: ResumeData = {};
  const contact: Contact = {};

  // main column: name, headline, location, then the sections under the largest headings
  const n = nameLines(layout.main);
  const name = joinLines(layout.main.slice(0, n).map((l) => l.text));
  const rest = layout.main.slice(n);
  if (name) contact.name = name;
  const headingSize = Math.max(...rest.map((l) => l.size));
  const main = sections(rest, (l) => same(l.size, headingSize), mainKind);
  const header = main.before;
  if (header.length >= 2) {
    contact.title = joinLines(header.slice(0, -1).map((l) => l.text));
    contact.location = header[header.length - 1]!.text;
  } else if (header[0]) contact.title = header[0].text;
  fillKinds(main.sections, MAIN_ORDER, mainByContent);

  // sidebar: sections under headings larger than the items
  const sideHeading = Math.max(...layout.sidebar.map((l) => l.size));
  const side = sections(layout.sidebar, (l) => same(l.size, sideHeading), sidebarKind);
  side.sections.forEach((s, i) => {
    if (s.kind === undefined) s.kind = sidebarByContent(s, i === 0);
  });
  fillKinds(side.sections, SIDEBAR_ORDER, () => undefined);

  const sideOf = (k: SidebarKind) => side.sections.filter((s) => s.kind === k);
  readContact(
    sideOf('contact').flatMap((s) => s.lines),
    contact,
  );
  if (Object.keys(contact).length) out.contact = contact;

  const mainOf = (k: MainKind) => main.sections.filter((s) => s.kind === k);
  const summary = joinLines(mainOf('summary').flatMap((s) => s.lines.map((l) => l.text)))
    .replace(/\s+/g, ' ')
    .trim();
  if (summary) out.summary = summary;
  // the main column's right edge, where its wrapped lines end
  const right = Math.max(...layout.main.map((l) => l.x2));
  const experience = mainOf('experience').flatMap((s) => readExperience(s.lines, right));
  if (experience.length) out.experience = experience;
  const education = mainOf('education').flatMap((s) => readEducation(s.lines));
  if (education.length) out.education = education;

  const listOf = (k: SidebarKind) => sideOf(k).flatMap((s) => items(s.lines));
  const skills = listOf('skills');
  const certifications = listOf('certifications');
  if (skills.length || certifications.length) {
    out.skills = {};
    if (skills.length) out.skills.technical = skills;
    if (certifications.length) out.skills.certifications = certifications;
  }
  const languages = listOf('languages').map(withoutLevel).filter(Boolean);
  if (languages.length) out.verbal_languages = languages;
  const awards = listOf('awards');
  if (awards.length) out.awards = awards;
  const publications = listOf('publications');
  if (publications.length) out.publications = publications.map((title) => ({ title }));
  return out;
}
