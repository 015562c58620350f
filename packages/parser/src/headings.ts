/**
 * Section headings: each language's heading words (lang/<code>.ts: English, German, French,
 * Spanish, Italian, Portuguese, Dutch, Chinese), matched on the normalised heading text. Phrases are matched
 * whole; keywords are matched inside short headings ("Where I've worked", "Academic Background").
 */
import { LANGUAGES } from './lang/index.ts';
import { normKey, wordCount } from './text.ts';

export type SectionKind =
  | 'summary'
  | 'experience'
  | 'education'
  | 'projects'
  | 'skills'
  | 'certifications'
  | 'languages'
  | 'awards'
  | 'publications'
  | 'extracurricular'
  | 'courses'
  | 'profiles'
  | 'contact'
  | 'references'
  | 'interests'
  | 'other';

/**
 * Kinds in the order they are tried: the first kind whose word matches wins ("Volunteer
 * Experience" is volunteering, "Academic Experience" schooling, "Project Experience" projects).
 */
const KIND_ORDER: readonly SectionKind[] = [
  'extracurricular',
  'publications',
  'certifications',
  'courses',
  'languages',
  'awards',
  'education',
  'projects',
  'experience',
  'skills',
  'summary',
  'profiles',
  'contact',
  'references',
  'interests',
  'other',
];

/** Every language's heading words, by kind in KIND_ORDER (lang/<code>.ts holds them). */
const KEYWORDS: [SectionKind, string[]][] = KIND_ORDER.map((kind) => [
  kind,
  [...new Set(LANGUAGES.flatMap((l) => l.headings[kind] ?? []))],
]);

/** Patterns of the languages written without spaces (Chinese), in their order. */
const PATTERNS = LANGUAGES.flatMap((l) => l.patterns ?? []);

/** "Skills & Awards", "Education and Training", "Studium / Praktika": two names in one heading. */
const JOINED = new RegExp(
  `\\s+(?:&|${[...new Set(LANGUAGES.flatMap((l) => l.and))].join('|')})\\s+|\\s*[,/]\\s*`,
  'i',
);

/** Words that never appear in a heading (they mark a sentence or an entry). */
const NOT_HEADING =
  /\b(at|for|with|from|inc|llc|ltd|gmbh|university|college|lead|developer|engineer|manager|intern|analyst|designer|director|consultant|platform|dashboard|app)\b/;

/** The keyword is whole words of the key (both normalised: single spaces, no punctuation). */
const matches = (key: string, kw: string): boolean => ` ${key} `.includes(` ${kw} `);

/** Texts already classified (a parse asks about the same lines many times), up to a bound. */
const classified = new Map<string, SectionKind | undefined>();
const CLASSIFIED_MAX = 4096;

/** Classify a heading text, or undefined when it is not a known heading. */
export function classifyHeading(text: string): SectionKind | undefined {
  if (classified.has(text)) return classified.get(text);
  const kind = classifyText(text);
  if (classified.size >= CLASSIFIED_MAX) classified.clear();
  classified.set(text, kind);
  return kind;
}

function classifyText(text: string): SectionKind | undefined {
  if (/[:：]\s*\S/.test(text)) return undefined;
  // "Skills & Awards", "Education and Training": the first named section leads
  const parts = text.split(JOINED);
  if (parts.length > 1 && parts[0] && text.length <= 48) {
    const first = classifyOne(parts[0]);
    if (first) return first;
    const whole = completeCompound(parts[0], parts[parts.length - 1] ?? '');
    if (whole) return whole;
  }
  return classifyOne(text);
}

/**
 * "Aus- und Weiterbildung", "Berufs- und Praxiserfahrung": a word cut short at a hyphen shares
 * the ending of the last word ("Ausbildung", "Berufserfahrung"); the kind that whole word names.
 */
function completeCompound(first: string, last: string): SectionKind | undefined {
  const m = /^(\p{L}+)-$/u.exec(first.trim());
  const tail = last.trim();
  if (!m?.[1] || !/^\p{L}+$/u.test(tail)) return undefined;
  for (let cut = tail.length - 3; cut >= 1; cut--) {
    const kind = classifyOne(m[1] + tail.slice(cut).toLowerCase());
    if (kind) return kind;
  }
  return undefined;
}

function classifyOne(text: string): SectionKind | undefined {
  const raw = text.replace(/[:：]\s*$/, '').trim();
  if (!raw || raw.length > 48) return undefined;
  if (/\p{Script=Han}/u.test(raw)) {
    if (raw.length > 8) return undefined;
    // "说明 论文简介": two words of several characters apart are a label and its content (a
    // heading is one compound word; letter-spaced headings space single characters)
    if (/\p{Script=Han}{2}\s+\p{Script=Han}{2}/u.test(raw)) return undefined;
    for (const [kind, re] of PATTERNS) if (re.test(raw)) return kind;
    return undefined;
  }
  if (/\d/.test(raw) || /[.,;!?@]$/.test(raw) || /[@|•]/.test(raw)) return undefined;
  const key = normKey(raw).replace(/'/g, ' ').replace(/\s+/g, ' ');
  const words = wordCount(key);
  if (words === 0 || words > 5) return undefined;
  if (NOT_HEADING.test(key) && words >= 2) return undefined;
  for (const [kind, kws] of KEYWORDS) {
    for (const kw of kws) {
      if (key === kw) return kind;
    }
  }
  if (words > 4) return undefined;
  for (const [kind, kws] of KEYWORDS) {
    for (const kw of kws) {
      if (matches(key, kw)) return kind;
    }
  }
  return words === 1 ? compoundKind(key) : undefined;
}

/**
 * German and Dutch join a heading's words into one ("Praxiserfahrung", "Hochschulausbildung",
 * "Werkervaring"): the last word of the compound names the section (a project's, the first).
 */
const COMPOUND_TAILS: [string, SectionKind][] = LANGUAGES.flatMap((l) =>
  Object.entries(l.compoundTails ?? {}).flatMap(([kind, tails]) =>
    tails.map((tail): [string, SectionKind] => [tail, kind as SectionKind]),
  ),
);

function compoundKind(key: string): SectionKind | undefined {
  const word = key.replace(/-/g, '');
  if (!/^\p{L}+$/u.test(word)) return undefined;
  // ("Projekterfahrung", "Projectervaring": experience gained in projects, listed as projects)
  if (/^proje[ck]t/.test(word)) return 'projects';
  for (const [tail, kind] of COMPOUND_TAILS)
    if (word.length >= tail.length + 3 && word.endsWith(tail)) return kind;
  return undefined;
}
