/** From lines in reading order to the resume-parsed shape. */
import type { Education, Experience, Project, ResumeData } from '@folio/core';
import { flag } from './confidence.ts';
import { EMAIL_RE, extractContact } from './contact.ts';
import { hasDate, isDateOnly } from './dates.ts';
import { findPhone } from './phones.ts';
import { unstackCards } from './cards.ts';
import {
  listedEntries,
  rightDateColumn,
  spanInDateColumn,
  splitBlocks,
  namedRows,
  type Block,
} from './entries.ts';
import { INSTITUTION } from './head-words.ts';
import { classifyHeading } from './headings.ts';
import { CUSTOM_KINDS, customSections } from './custom.ts';
import {
  alignRoleOrder,
  EMPLOYER_LABEL,
  parseEducation,
  parseExperience,
  parseProject,
} from './fields.ts';
import {
  paragraph,
  parseCourses,
  isSpokenLanguageRow,
  parseLanguages,
  parsePublications,
  PUB_KIND,
  parseSkills,
  joinWrappedLevels,
  parseTitledList,
} from './lists.ts';
import { linkedInLayout } from './linkedin/layout.ts';
import { readLinkedIn } from './linkedin/read.ts';
import { itemStarts } from './model/entry-line.ts';
import { splitSections, type Section } from './sections.ts';
import { ROLE, uniq, normKey, wordCount } from './text.ts';
import { bodySize, lineSize, lineText, type ExtractedDoc, type Line } from './types.ts';

const hasContent = (o: object) =>
  Object.values(o).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== ''));

/** A heading that names projects next to experience ("Internships / Projects", "实习/项目经历"). */
function namesProjects(title: string): boolean {
  return title.split(/\s*[/&,|+]\s*|\s+(?:and|und|et|y|e|en)\s+/i).some((p) => {
    const k = p.trim() ? classifyHeading(p.trim()) : undefined;
    return k === 'projects' || /项目/.test(p); // "项目经历" (project experience)
  });
}

const PROJECT_WORD = /项目|\b(?:project|projekt|projet|proyecto|progetto|projeto)\b/i;
const URL_IN = /https?:\/\/\S+|\b(?:github|gitlab)\.com\/\S+/i;

/**
 * Under such a heading, an entry is a project when its head says so ("personal project") or
 * links to its code, rather than naming an employer and a role.
 */
function projectLike(b: Block): boolean {
  const head = b.head.map(lineText).join('\n');
  return PROJECT_WORD.test(head) || URL_IN.test(head) || b.urls.length > 0;
}

/**
 * A heading of no known kind right after publications that names a kind of publication
 * ("Conferences" after "Publications / Journals") is a sub-heading: its entries are publications.
 */
function mergePublicationKinds(sections: Section[]): Section[] {
  const out: Section[] = [];
  for (const s of sections) {
    const prev = out[out.length - 1];
    if (prev?.kind === 'publications' && s.kind === 'other' && PUB_KIND.test(s.title.trim())) {
      prev.lines.push(...s.lines);
      continue;
    }
    out.push(s);
  }
  return out;
}

/**
 * A section under a title of no known kind (a heading by its style alone) whose entries are all
 * dated and name a school, none a role ("2014   Conflict management" / "Institution: Lake
 * University"): courses and trainings, read as education.
 */
function schoolSection(s: Section): boolean {
  if (s.kind !== 'other' || classifyHeading(s.title) !== undefined) return false;
  const blocks = splitBlocks(s.lines, itemStarts(s.lines));
  return (
    blocks.length >= 2 &&
    blocks.every((b) => {
      const head = b.head.map(lineText).join(' ');
      const text = [head, ...b.extra, ...b.body].join(' ');
      return hasDate(text) && INSTITUTION.test(text) && !ROLE.test(head);
    })
  );
}

/** The year a span of dates ends in ("2006 – 2012", "09/2016 – 06/2019"). */
const SPAN_END = /[-–—]\s*(?:\p{L}+\.?\s+|\d{1,2}[./])?((?:19|20)\d{2})\s*$/u;
/** One month of one year ("September 2012", "Juni 2005"): a day of graduation, no span. */
const MONTH_YEAR = /^\p{L}{3,}\.?\s+((?:19|20)\d{2})$/u;

/**
 * Education entries of a section, a row dated with one month joined to the row under it whose
 * span ends that year ("September 2012   Diploma, graded very good" over "2006 – 2012   Diploma
 * studies at …"): the graduation of that course, one of its achievements (its grade the entry's).
 */
function joinGraduations(blocks: Block[]): Education[] {
  const out: Education[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const e = parseEducation(b);
    const next = blocks[i + 1];
    const year = MONTH_YEAR.exec(e.dates?.trim() ?? '')?.[1];
    const after = next && year ? parseEducation(next) : undefined;
    if (!after || SPAN_END.exec(after.dates?.trim() ?? '')?.[1] !== year) {
      out.push(e);
      continue;
    }
    const text = b.head
      .map(lineText)
      .join(' ')
      .replace(e.dates ?? '', '')
      .trim();
    after.achievements = [
      `${text}, ${e.dates ?? ''}`,
      ...(e.achievements ?? []),
      ...(after.achievements ?? []),
    ];
    if (!after.gpa && e.gpa) after.gpa = e.gpa;
    out.push(after);
    i++;
  }
  return out;
}

/**
 * An entry read under a heading the learned model decided (confidence.ts): the probability that
 * the heading and its kind are right is the entry's; a low one marks it "Check this".
 */
function learnedDoubt(s: Section, entry: object): void {
  if (s.confidence !== undefined) flag(entry, undefined, s.confidence);
}

/**
 * An employer named over its roles ("Company   City" / "A line on what it does" / "Role   2019 –
 * 2021"): the entry after it is a dated role that names no employer of its own.
 */
const rolesUnder = (group: Experience, next: Experience | undefined): boolean =>
  !!group.company && !!next?.position && !next.company && !!next.dates;

/** Sections whose entries may be laid out as cards side by side. */
const CARD_KINDS = new Set<Section['kind']>([
  'projects',
  'certifications',
  'awards',
  'extracurricular',
]);

/** Volunteering, in the languages the headings are read in (headings.ts) */
const VOLUNTEERING =
  /\b(?:volunt(?:eer\w*|ary|ariado|ariat)|ehrenamt\w*|b[eé]n[eé]volat|volontariato|vrijwilligers\w*)\b|志愿/iu;

/** A section of activities under a volunteering heading ("Volunteering", "Ehrenamt", "志愿者经历"). */
const volunteeringSection = (s: Section): boolean =>
  s.kind === 'extracurricular' && VOLUNTEERING.test(s.title);

/** What the document calls itself ("Curriculum Vitae", "Lebenslauf", "CV"): no part of it. */
const DOCUMENT_TITLE =
  /^(?:curriculum\s+vit(?:ae|æ|e)|(?:tabellarischer\s+)?lebenslauf|c\.?\s?v\.?|résumé|currículum(?:\s+vitae)?|curr[íi]culo|hoja\s+de\s+vida|levensloop)$/iu;

/**
 * The title a page opens with, larger than the body text ("Curriculum Vitae" over the name, or
 * over each page of an application), or the document's first line: dropped, so it is neither the
 * name nor a section's content.
 */
function dropDocumentTitles(lines: Line[]): Line[] {
  const body = bodySize(lines);
  return lines.filter((l, i) => {
    const top = i === 0 || lines[i - 1]?.page !== l.page;
    const foot = i === lines.length - 1 || lines[i + 1]?.page !== l.page;
    const t = lineText(l).trim();
    if (foot && signedAt(t)) return false;
    // (the document's first line needs no size: a .doc file carries none)
    return !(top && (i === 0 || lineSize(l) > body + 0.5) && DOCUMENT_TITLE.test(t));
  });
}

/** "Berlin, 12. Februar 2026": the place and date a letter or CV is signed with. */
function signedAt(t: string): boolean {
  const m = /^(\p{Lu}[\p{L}.' -]{1,30}),\s*(?:(?:den|le|el|il)\s+)?(.+)$/u.exec(t);
  // a day's date, not a span: "12. Februar 2026", "February 12, 2026", "12.02.2026"
  const day =
    /^(?:\d{1,2}\.?\s*\p{L}+\.?\s+\d{4}|\p{L}+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}[./]\d{1,2}[./]\d{4})$/u;
  return !!m?.[2] && wordCount(m[1] ?? '') <= 3 && day.test(m[2].trim()) && isDateOnly(m[2]);
}

/**
 * An "About me" that prints the contact block (address, phone, e-mail, profiles) and no sentence
 * is the contact details, not a summary.
 */
function contactBlock(lines: Line[]): boolean {
  const texts = lines.map((l) => lineText(l).trim());
  return (
    texts.some((t) => EMAIL_RE.test(t) || !!findPhone(t)) &&
    !texts.some((t) => /[.!?]$/.test(t) && wordCount(t) >= 6)
  );
}

/** A letter's salutation or closing ("Dear …", "Sehr geehrte …", "Sincerely,"). */
const LETTER =
  /^(?:dear|to whom|sehr geehrte|liebe[rs]?|madame|monsieur|estimad[oa]s?|querid[oa]|gentile|egregio|geachte|beste)\b|^(?:sincerely|yours|kind regards|best regards|mit freundlichen grüßen|cordialement|atentamente|saludos)\b/iu;

/** A running foot is set apart from the text above it by this many lines at least. */
const FOOT_GAP = 2;
/** A running foot (address, phones, e-mail) holds at most this many lines. */
const FOOT_LINES = 4;

/**
 * A foot of several lines printed alike at the bottom of every page (moderncv prints the address,
 * phones and e-mail so): page furniture, not the content of the section it falls in. It is taken
 * out of every page; one copy is returned for the contact details.
 */
function takeRunningFoot(lines: Line[]): { lines: Line[]; foot: Line[] } {
  const pages = new Map<number, Line[]>();
  for (const l of lines) pages.set(l.page, [...(pages.get(l.page) ?? []), l]);
  const byKey = new Map<string, Line[][]>();
  for (const ls of pages.values()) {
    const byY = [...ls].sort((a, b) => a.y - b.y);
    // the lowest lines up to the first one set apart from the text above it
    const k = byY.findLastIndex((l, i) => i > 0 && l.gap >= FOOT_GAP);
    if (k < 1 || byY.length - k < 2 || byY.length - k > FOOT_LINES) continue;
    const block = byY.slice(k);
    // by its first lines: a page number changes from page to page, and a last line repeated as
    // it is has already gone from the later pages (`dropPageFurniture`)
    const key = block
      .slice(0, 2)
      .map((l) => lineText(l).replace(/\d+/g, '#').trim())
      .join('\n');
    byKey.set(key, [...(byKey.get(key) ?? []), block]);
  }
  const drop = new Set<Line>();
  let foot: Line[] = [];
  for (const blocks of byKey.values()) {
    if (blocks.length < 2) continue;
    for (const b of blocks) for (const l of b) drop.add(l);
    foot = [...foot, ...(blocks[0] ?? [])];
  }
  return drop.size ? { lines: lines.filter((l) => !drop.has(l)), foot } : { lines, foot };
}

/** A letter's salutation, alone on a short line ("Dear Sir or Madam,", "Sehr geehrte Frau X,"). */
const SALUTATION =
  /^(?:dear|to whom|sehr geehrte|liebe[rs]?|madame|monsieur|estimad[oa]s?|querid[oa]|gentile|egregio|geachte|beste|尊敬的)\b/iu;
/** A letter's closing ("Yours faithfully,", "Mit freundlichen Grüßen", "Atentamente"). */
const CLOSING =
  /^(?:sincerely|yours|(?:kind|best|warm)\s+regards|mit freundlichen grüßen|cordialement|atentamente|saludos|cordiali saluti|distinti saluti|met vriendelijke groet|atenciosamente|此致)\b/iu;
/** A salutation or closing is a short line of its own, not a sentence that starts so. */
const LETTER_LINE_WORDS = 8;

/**
 * A cover letter printed after the CV (moderncv and others append one): from the page of its
 * salutation to the page of its closing, the pages are a letter, not CV content. A letter on the
 * first page stays: it opens the document and its head is the applicant's (see `headerIntro`).
 */
function dropLetterPages(lines: Line[]): Line[] {
  const first = lines[0]?.page;
  const short = (l: Line, re: RegExp) => {
    const t = lineText(l).trim();
    return re.test(t) && wordCount(t) <= LETTER_LINE_WORDS;
  };
  const open = lines.find((l) => l.page !== first && short(l, SALUTATION));
  if (!open) return lines;
  const close = lines.find((l) => l.page >= open.page && short(l, CLOSING));
  if (!close) return lines;
  return lines.filter((l) => l.page < open.page || l.page > close.page);
}

/**
 * Prose right under the name, above the first heading ("Johnny Coder" / "I build … ."): the
 * summary, unless the lines above the first heading are a letter.
 */
function headerIntro(header: Line[]): string {
  const texts = header.map((l) => lineText(l).trim());
  if (texts.some((t) => LETTER.test(t))) return '';
  const contactLike = (t: string) =>
    EMAIL_RE.test(t) || !!findPhone(t) || /https?:|www\.|\.com\b/i.test(t);
  // past the name and short lines (headline, place), to the first long one, within a few lines
  const start = texts.findIndex((t, i) => i > 0 && wordCount(t) >= 8 && !contactLike(t));
  if (start < 1 || start > 3) return '';
  const para: Line[] = [];
  for (const [i, l] of header.entries()) {
    if (i < start) continue;
    if (l.bullet || contactLike(texts[i] ?? '')) break;
    // a wide gap after the paragraph ends it (the place and links follow on their own)
    if (para.length > 1 && l.gap > 2 * Math.max(...para.slice(1).map((p) => p.gap))) break;
    para.push(l);
  }
  const text = paragraph(para);
  return /[.!]$/.test(text) && wordCount(text) >= 15 ? text : '';
}

/**
 * The experience sections' entries. A section named for projects as well ("Projects and
 * experience") gives its project-like entries to `projects`.
 */
function readExperience(
  sections: Section[],
  dateColumn: boolean,
  projects: Project[],
): Experience[] {
  const experience: Experience[] = [];
  for (const s of sections) {
    let prevCompany: string | undefined;
    const mixed = namesProjects(s.title);
    const read: { e: Experience; block: Block }[] = [];
    for (const found of listedEntries(s.lines) ?? splitBlocks(s.lines, itemStarts(s.lines))) {
      const block = dateColumn ? spanInDateColumn(found) : found;
      if (mixed && projectLike(block)) {
        const p = parseProject(block);
        if (p.name || p.description?.length) projects.push(p);
        continue;
      }
      read.push({ e: parseExperience(block), block });
    }
    alignRoleOrder(read);
    let prevLocation: string | undefined;
    for (const [i, { e, block }] of read.entries()) {
      // several roles at one company: a role without a company takes the one above it (and its
      // place, printed once for all of them)
      const filled = !e.company && !!e.position && !!prevCompany;
      if (filled) {
        e.company = prevCompany;
        flag(e, 'company', 'filled-from-above');
        if (!e.location && prevLocation) e.location = prevLocation;
      }
      const next = read[i + 1]?.e;
      if (e.company && !e.position && !e.dates && (!e.description?.length || rolesUnder(e, next))) {
        // the company's own description (a line on what it does) opens its first role's
        if (next && e.description?.length)
          next.description = [...e.description, ...(next.description ?? [])];
        prevCompany = e.company;
        prevLocation = e.location;
        continue;
      }
      if (!filled) prevLocation = undefined;
      if (hasContent(e)) experience.push(e);
      learnedDoubt(s, e);
      // an employer named after its label is that entry's own, and a dated entry that names no
      // role is whole: neither heads the roles below it
      const labelled = block.head.some((l) => EMPLOYER_LABEL.test(lineText(l).trim()));
      prevCompany = labelled || (e.dates && !e.position) ? undefined : e.company;
    }
  }
  return experience;
}

/** The education sections' entries, with the courses of a courses section on the first. */
function readEducation(sections: Section[], courseLines: Line[], dateColumn: boolean) {
  const education: Education[] = [];
  for (const s of sections)
    for (const e of joinGraduations(
      (listedEntries(s.lines) ?? splitBlocks(s.lines, itemStarts(s.lines))).map((found) =>
        dateColumn ? spanInDateColumn(found) : found,
      ),
    )) {
      // several degrees listed under one school: a degree without a school takes the one above
      const prev = education[education.length - 1];
      if (!e.institution && e.degree && prev?.institution) {
        e.institution = prev.institution;
        flag(e, 'institution', 'filled-from-above');
      }
      if (hasContent(e)) education.push(e);
      learnedDoubt(s, e);
    }
  const courses = parseCourses(courseLines);
  if (courses.length) {
    if (education[0]) education[0].courses = [...(education[0].courses ?? []), ...courses];
    else education.push({ courses });
  }
  return education;
}

/** The projects sections' entries, added to `projects`. */
function readProjects(sections: Section[], dateColumn: boolean, projects: Project[]): void {
  for (const s of sections) {
    const lines = unstackCards(s.lines);
    for (const found of namedRows(lines) ?? splitBlocks(lines, itemStarts(lines))) {
      const b = dateColumn ? spanInDateColumn(found) : found;
      const p = parseProject(b);
      if (p.name || p.description?.length) projects.push(p);
      learnedDoubt(s, p);
    }
  }
}

/**
 * "Languages   English: fluent" over "French: basic" at its text column: a group of spoken
 * languages under a label in the skills section's rail.
 */
function railLanguageLines(skillLines: Line[]): Set<Line> {
  const railLanguages = new Set<Line>();
  let groupX: number | undefined;
  for (const l of skillLines) {
    const label = l.segs.length > 1 ? (l.segs[0]?.text.trim() ?? '') : '';
    if (label) groupX = classifyHeading(label) === 'languages' ? l.segs[1]?.x : undefined;
    else if (groupX === undefined || Math.abs((l.segs[0]?.x ?? 0) - groupX) > 2) groupX = undefined;
    if (groupX !== undefined) railLanguages.add(l);
  }
  return railLanguages;
}

/** A document's sections of some kinds, and their lines (cards unstacked). */
interface SectionsOf {
  of: (...kinds: Section['kind'][]) => Section[];
  linesOf: (...kinds: Section['kind'][]) => Line[];
}

/**
 * The skills and certifications, and the skills sections' rows that name spoken languages (in a
 * rail group or as a "Languages:" row with levels), which are no skills.
 */
function readSkills({ of, linesOf }: SectionsOf) {
  const skillLines = joinWrappedLevels(linesOf('skills'));
  const railLanguages = railLanguageLines(skillLines);
  const spoken = [
    ...[...railLanguages].map((l) => (l.segs.length > 1 ? { ...l, segs: l.segs.slice(1) } : l)),
    ...skillLines.filter((l) => !railLanguages.has(l) && isSpokenLanguageRow(l)),
  ];
  // each skills section read on its own: the last item of one is no label over the first list
  // of the next ("Agile Methods" above "Languages: Go, Rust" under another heading)
  const skills = uniq(
    of('skills').flatMap((s) =>
      parseSkills(
        (CARD_KINDS.has(s.kind) ? unstackCards(s.lines) : s.lines).filter(
          (l) => !railLanguages.has(l) && !isSpokenLanguageRow(l),
        ),
      ),
    ),
    normKey,
  );
  const certifications = uniq(parseTitledList(linesOf('certifications'), 'activities'), normKey);
  return { skills, certifications, spoken };
}

/**
 * The spoken languages: from their own sections, from the skills sections' language rows
 * (`spoken`), from language rows of a section of no known kind, and from the header.
 */
function readLanguages({ linesOf }: SectionsOf, spoken: Line[], header: Line[]) {
  // a "Languages: …" row with levels under a heading of no known kind ("Other")
  const spokenOther = linesOf('other').filter(isSpokenLanguageRow);
  // "Languages   German (native), English (C1)": a labelled row among the personal details
  const headerLanguages = header
    .filter(
      (l) =>
        l.segs.length > 1 &&
        classifyHeading((l.segs[0]?.text ?? '').replace(/\s*\([^)]*\)\s*$/, '')) === 'languages',
    )
    .map((l) => ({ ...l, segs: l.segs.slice(1) }));
  const languages = uniq(
    parseLanguages([...linesOf('languages'), ...spoken, ...spokenOther, ...headerLanguages]),
    normKey,
  );
  return { languages, spokenOther };
}

/**
 * A document's resume data: its sections found (sections.ts) and each read by its kind; a
 * LinkedIn profile export is read by its own structure.
 */
export function structure(source: ExtractedDoc): ResumeData {
  // a LinkedIn profile export, recognised by its layout, is read by its own structure (ADR 0034)
  const linkedIn = linkedInLayout(source);
  if (linkedIn) return readLinkedIn(linkedIn);
  const { lines, foot } = takeRunningFoot(dropLetterPages(source.lines));
  const doc = { ...source, lines: dropDocumentTitles(lines) };
  const split = splitSections(doc.lines);
  const header = split.header;
  const sections = mergePublicationKinds(split.sections).map((s) =>
    s.kind === 'summary' && contactBlock(s.lines)
      ? { ...s, kind: 'contact' as const }
      : schoolSection(s)
        ? { ...s, kind: 'education' as const }
        : s,
  );
  const of = (...kinds: Section['kind'][]) => sections.filter((s) => kinds.includes(s.kind));
  const linesOf = (...kinds: Section['kind'][]): Line[] =>
    of(...kinds).flatMap((s) => (CARD_KINDS.has(s.kind) ? unstackCards(s.lines) : s.lines));

  const out: ResumeData = {};
  const contact = extractContact({
    header,
    contactLines: [...linesOf('contact', 'profiles'), ...foot],
    all: doc.lines,
    links: doc.links,
  });
  if (hasContent(contact)) out.contact = contact;

  const summary =
    of('summary')
      .map((s) => paragraph(s.lines))
      .filter(Boolean)
      .join(' ') || headerIntro(header);
  if (summary) out.summary = summary;
  for (const s of of('summary'))
    if (s.confidence !== undefined) flag('summary', undefined, s.confidence);

  const projects: Project[] = [];
  const dateColumn = rightDateColumn(linesOf('experience', 'education', 'projects'));
  const experience = readExperience(of('experience'), dateColumn, projects);
  if (experience.length) out.experience = experience;
  const education = readEducation(of('education'), linesOf('courses'), dateColumn);
  if (education.length) out.education = education;
  readProjects(of('projects'), dateColumn, projects);
  if (projects.length) out.projects = projects;

  const { skills, certifications, spoken } = readSkills({ of, linesOf });
  if (skills.length || certifications.length) {
    out.skills = {};
    if (skills.length) out.skills.technical = skills;
    if (certifications.length) out.skills.certifications = certifications;
  }
  const awards = parseTitledList(linesOf('awards'), 'awards');
  if (awards.length) out.awards = awards;
  const { languages, spokenOther } = readLanguages({ of, linesOf }, spoken, header);
  if (languages.length) out.verbal_languages = languages;
  const publications = parsePublications(linesOf('publications'));
  if (publications.length) out.publications = publications;
  const activities = of('extracurricular');
  const cards = (ss: Section[]) => ss.flatMap((s) => unstackCards(s.lines));
  const extracurricular = parseTitledList(
    cards(activities.filter((s) => !volunteeringSection(s))),
    'activities',
  );
  if (extracurricular.length) out.extracurricular = extracurricular;
  // each line of a volunteering list, one entry (its role and organisation are the user's to split)
  const volunteering = parseTitledList(cards(activities.filter(volunteeringSection)), 'activities');
  if (volunteering.length) out.volunteering = volunteering.map((role) => ({ role }));
  const custom = customSections(of(...CUSTOM_KINDS), new Set(spokenOther));
  if (custom.length) out.custom = custom;
  return out;
}
