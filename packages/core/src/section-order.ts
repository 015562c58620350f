import type { SectionKey } from './content.ts';
import type { Education, Experience, ResumeData } from './resume.ts';

/**
 * The section order a new portfolio starts with, chosen from its content (ADR 41): work
 * experience leads when the person has some and is not a student now; education leads for a
 * student, or someone with no work experience yet. The other sections follow in the order a
 * reader of that kind of resume looks for them. Applied once, when a portfolio is created from an
 * import; an order the user set later is never changed.
 */
export const experiencedOrder: readonly SectionKey[] = [
  'contact',
  'summary',
  'experience',
  'skills',
  'projects',
  'education',
  'awards',
  'publications',
  'volunteering',
  'languages',
  'extracurricular',
  'custom',
];

export const studentOrder: readonly SectionKey[] = [
  'contact',
  'summary',
  'education',
  'projects',
  'experience',
  'skills',
  'awards',
  'extracurricular',
  'volunteering',
  'publications',
  'languages',
  'custom',
];

/** Words that end an open date range ("2023 – Present"), in the languages the parser reads. */
const openEnd =
  /(present|current|now|today|ongoing|expected|anticipated|heute|aktuell|jetzt|actuel|aujourd|présent|presente|actualidad|actual|oggi|attuale|至今|现在)\W*$/i;

/** Whether a date range runs on past `year` (an open end, or an end year after it). */
function ongoing(dates: string | undefined, year: number): boolean {
  if (!dates) return false;
  const text = dates.trim();
  if (openEnd.test(text)) return true;
  const years = text.match(/\b(19|20)\d{2}\b/g);
  const last = years?.at(-1);
  return last !== undefined && Number(last) > year;
}

const isWork = (e: Experience) => Boolean(e.position?.trim() || e.company?.trim());
const isSchool = (e: Education) => Boolean(e.institution?.trim() || e.degree?.trim());

/** Whether the resume reads as a student's (or someone's with no work experience). */
export function readsAsStudent(data: ResumeData, year = new Date().getFullYear()): boolean {
  const work = (data.experience ?? []).filter(isWork);
  if (work.length === 0) return true;
  const studying = (data.education ?? []).some((e) => isSchool(e) && ongoing(e.dates, year));
  const working = work.some((e) => ongoing(e.dates, year));
  return studying && !working;
}

/** The section order that fits `data` (see above). */
export function suggestedSectionOrder(data: ResumeData, year?: number): SectionKey[] {
  return [...(readsAsStudent(data, year) ? studentOrder : experiencedOrder)];
}
