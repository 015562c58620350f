/**
 * JSON Resume (schema 1.0, https://jsonresume.org/schema/) import and export.
 *
 * What comes in goes out. Import puts every value a template can show into resume data and keeps
 * the rest in `data.jsonResume` (the passthrough, see its layout below); export gives it back:
 * - Object entries (basics, work, volunteer, education, projects, publications, profiles) are compared,
 *   field group by field group, with what export writes for the item they became. A group that
 *   differs is kept as `shown` (what export writes) and `original` (what came in). On export, a
 *   group that still reads `shown` (not edited since) is written as `original`; an edited one as
 *   edited. Entries find their record by identity (work: company and position), not by index.
 * - Folio's string lists (awards, certificates, languages) keep an entry the string does not
 *   reproduce whole, found again by that string. `volunteer` is read as volunteering (ADR
 *   0046-custom-sections); activities (`extracurricular`, which older imports read from
 *   `volunteer`) are written after the volunteering entries, as before.
 * - Skills are kept whole while the skill lists are unchanged.
 * - Top-level parts with no Folio section (interests, references, meta, $schema…) verbatim.
 * Export writes only what the schema accepts: URLs (`format: uri`) only as valid http(s) URLs (a
 * bare domain gains https://), e-mail (`format: email`) only when valid, dates only as ISO 8601
 * (YYYY, YYYY-MM or YYYY-MM-DD); empty strings, lists and objects are left out.
 *
 * Printed date ranges become startDate/endDate (`splitRange`); text that the dates do not say
 * again exactly is kept in an extension field `x-dates`.
 */
import type {
  Education,
  Experience,
  Project,
  Publication,
  ResumeData,
  Volunteering,
} from '@folio/core';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : undefined;
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((x): x is string => !!x) : [];

/** Equality of JSON values (key order does not matter). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

/** Drops undefined, empty strings, and empty lists and objects, at every depth. */
function prune(v: unknown): unknown {
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (Array.isArray(v)) {
    const items = v.map(prune).filter((x) => x !== undefined);
    return items.length ? items : undefined;
  }
  if (isObj(v)) {
    const entries = Object.entries(v)
      .map(([k, x]) => [k, prune(x)] as const)
      .filter(([, x]) => x !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return v;
}
const clean = <T>(v: T): T => (prune(v) ?? {}) as T;

// ---------------------------------------------------------------------------------------------
// Dates

const MONTHS: [RegExp, string][] = [
  [/^(?:jan|gen|ene|janv|janeiro)/i, '01'],
  [/^(?:feb|fév|fev|febr)/i, '02'],
  [/^(?:mar|mär|mrt)/i, '03'],
  [/^(?:apr|avr|abr)/i, '04'],
  [/^(?:ma[iy]|mag|mei)/i, '05'],
  [/^(?:jun|juin|giu)/i, '06'],
  [/^(?:jul|juil|lug)/i, '07'],
  [/^(?:aug|aoû|aou|ago)/i, '08'],
  [/^(?:sep|set)/i, '09'],
  [/^(?:oct|okt|ott|out)/i, '10'],
  [/^nov/i, '11'],
  [/^(?:dec|déc|dez|dic)/i, '12'],
];
const MONTH_ABBR = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A date as the schema's iso8601 pattern allows: YYYY, YYYY-MM or YYYY-MM-DD. */
const ISO_DATE = /^[12]\d{3}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;
/** Words that end an open range ("Jan 2020 – Present"): no endDate. */
const PRESENT =
  /^(?:present|current(?:ly)?|now|today|ongoing|heute|aktuell|jetzt|derzeit|présent|aujourd['’]hui|actuel(?:lement)?|presente|actualidad|actualmente|hoy|oggi|atual(?:mente)?|heden|nu)$/iu;
/** Words that open a range ("since 2019", "de 2019 à 2021"). */
const FROM = /^(?:from|since|seit|ab|von|depuis|de|desde|dal|da|van|sinds)\s+/iu;
/**
 * What separates the two ends of a range: an en or em dash, a hyphen with a space on either side,
 * or a word between spaces. A hyphen between digits is part of an ISO date (2018-05), never this.
 */
const SEPARATOR =
  /\s*[–—]\s*|\s+-\s*|\s*-\s+|\s+(?:to|until|till|through|thru|bis|à|au|jusqu['’]à|hasta|a|al|até|tot)\s+/iu;

const pad = (n: string) => n.padStart(2, '0');
const monthOf = (word: string) => MONTHS.find(([re]) => re.test(word))?.[1];
const validMonth = (m: string) => Number(m) >= 1 && Number(m) <= 12;

/** One printed date in a form read whole (ISO, 03/2021, 2021/03, March 2021, 1 March 2021). */
function readDate(text: string): string | undefined {
  const t = text.trim().replace(/[.,]$/, '');
  if (ISO_DATE.test(t)) return t;
  let m = /^([12]\d{3})[-/.](\d{1,2})$/.exec(t);
  if (m?.[1] && m[2] && validMonth(m[2])) return `${m[1]}-${pad(m[2])}`;
  m = /^(\d{1,2})[/.](\d{4})$/.exec(t);
  if (m?.[1] && m[2] && validMonth(m[1])) return `${m[2]}-${pad(m[1])}`;
  m = /^(\d{1,2})\.?\s+(\p{L}+)\.?,?\s+(\d{4})$/u.exec(t);
  let month = m?.[2] && monthOf(m[2]);
  if (m?.[1] && m[3] && month && Number(m[1]) <= 31) return `${m[3]}-${month}-${pad(m[1])}`;
  m = /^(\p{L}+)\.?\s+(\d{1,2}),?\s+(\d{4})$/u.exec(t);
  month = m?.[1] && monthOf(m[1]);
  if (m?.[2] && m[3] && month && Number(m[2]) <= 31) return `${m[3]}-${month}-${pad(m[2])}`;
  m = /^(\p{L}+)\.?,?\s+(\d{4})$/u.exec(t);
  month = m?.[1] && monthOf(m[1]);
  if (m?.[2] && month) return `${m[2]}-${month}`;
  return undefined;
}

/** One printed date to ISO 8601 (YYYY, YYYY-MM or YYYY-MM-DD): a whole form, or its year. */
export function isoDate(text: string): string | undefined {
  return readDate(text) ?? /(?:^|\D)((?:19|20)\d\d)(?:\D|$)/.exec(text)?.[1];
}

/** A hyphen with no space ("2018-2020", "Jan 2018-Dec 2020") splits only between two dates. */
function splitAtHyphen(t: string): [string, string] | undefined {
  const looksLikeDate = (s: string) => !!readDate(s) || /^\p{L}+\.?\s+\d{4}$/u.test(s.trim());
  for (let i = t.indexOf('-'); i > 0; i = t.indexOf('-', i + 1)) {
    const [left, right] = [t.slice(0, i), t.slice(i + 1)];
    if (looksLikeDate(left) && (looksLikeDate(right) || PRESENT.test(right.trim()))) {
      return [left, right];
    }
  }
  return undefined;
}

/**
 * A printed range to JSON Resume dates. Splits on spaced dashes and words (see SEPARATOR); a
 * single ISO date (2018-05, 2013-12-01) is never split. An unspaced hyphen splits only when both
 * sides read as dates: "2018-2020" is the years 2018 to 2020 (no month is 2020). An open end
 * ("Present", "heute") has no endDate; a single date is both start and end (themes print it once
 * instead of "– Present").
 */
export function splitRange(dates: string | undefined): { startDate?: string; endDate?: string } {
  const text = (dates ?? '').trim();
  const t = text.replace(FROM, '');
  if (!t) return {};
  const open = t !== text;
  let parts: [string, string?] = [t];
  if (!readDate(t)) {
    const m = SEPARATOR.exec(t);
    if (m) parts = [t.slice(0, m.index), t.slice(m.index + m[0].length)];
    else parts = splitAtHyphen(t) ?? parts;
  }
  const start = isoDate(parts[0]);
  const endText = parts[1]?.trim();
  if (endText === undefined)
    return start ? { startDate: start, ...(open ? {} : { endDate: start }) } : {};
  const end = endText && !PRESENT.test(endText) ? isoDate(endText) : undefined;
  return { ...(start ? { startDate: start } : {}), ...(end ? { endDate: end } : {}) };
}

const printDate = (iso: string) => {
  const [y, m] = iso.split('-');
  return m ? `${MONTH_ABBR[Number(m) - 1]} ${y}` : (y ?? iso);
};

/** JSON Resume dates as Folio prints them: "Dec 2013 – Dec 2014", "Jan 2020 – Present", "2019". */
export function printRange(startDate?: string, endDate?: string): string | undefined {
  if (startDate && endDate && startDate === endDate) return printDate(startDate);
  if (startDate && endDate) return `${printDate(startDate)} – ${printDate(endDate)}`;
  if (startDate) return `${printDate(startDate)} – Present`;
  return endDate ? printDate(endDate) : undefined;
}

/** Export: the dates of a printed range, and the text itself when the dates do not say it. */
function dateFields(dates: string | undefined): Obj {
  const range = splitRange(dates);
  const printed = dates?.trim();
  return {
    ...range,
    'x-dates':
      printed && printed !== printRange(range.startDate, range.endDate) ? printed : undefined,
  };
}

/** Import: the printed range of an entry (its `x-dates` while they still agree). */
function readRange(o: Obj): string | undefined {
  const date = (v: unknown) => {
    const s = str(v);
    return s && (ISO_DATE.test(s) ? s : isoDate(s));
  };
  const [start, end] = [date(o.startDate), date(o.endDate)];
  const printed = str(o['x-dates']);
  if (printed && same(splitRange(printed), clean({ startDate: start, endDate: end }))) {
    return printed;
  }
  return printRange(start, end);
}

// ---------------------------------------------------------------------------------------------
// What the schema accepts

const RFC3986 = /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9a-f]{2})*$/i;
const DOMAIN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
/** ajv-formats' "email" (full mode). */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * A URL the schema's `format: uri` accepts and a theme may link: an http(s) URL as written (or
 * percent-encoded), a bare domain with https:// before it; anything else is not exported.
 */
export function exportUrl(value: unknown): string | undefined {
  const v = str(value);
  // eslint-disable-next-line no-control-regex
  if (!v || /[\s\u0000-\u001f\u007f]/.test(v)) return undefined;
  const candidate = /^https?:\/\//i.test(v) ? v : DOMAIN.test(v) ? `https://${v}` : undefined;
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (!url.hostname || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (RFC3986.test(candidate)) return candidate;
  return RFC3986.test(url.href) ? url.href : undefined;
}

const exportEmail = (v: unknown) => {
  const s = str(v);
  return s && EMAIL.test(s) ? s : undefined;
};
const exportDate = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) ? v : undefined);

/** Keeps only values of the schema's formats in the fields that have one. */
function conform(entry: Obj, fields: { url?: string[]; email?: string[]; date?: string[] }): Obj {
  const out = { ...entry };
  for (const k of fields.url ?? []) if (k in out) out[k] = exportUrl(out[k]);
  for (const k of fields.email ?? []) if (k in out) out[k] = exportEmail(out[k]);
  for (const k of fields.date ?? []) if (k in out) out[k] = exportDate(out[k]);
  return out;
}
const DATED = { url: ['url'], date: ['startDate', 'endDate', 'date', 'releaseDate'] };

// ---------------------------------------------------------------------------------------------
// The passthrough: records of what export would not write by itself

/** One entry's differences: per field group, what export writes and what came in. */
interface Diff {
  shown?: Obj;
  original?: Obj;
}
/** An object entry's record, found again by the identity of the item it became. */
interface Keyed extends Diff {
  key: string;
}
/** A string-list entry that its string does not reproduce (`shown` absent: nothing to show). */
interface Listed {
  shown?: string;
  entry: Obj;
}
/** A profile in its place: one of the contact's networks, or another kept whole. */
interface ProfileRecord extends Diff {
  network?: Network;
  entry?: Obj;
}

/**
 * Layout of `data.jsonResume`. Folio owns it; the schema in core accepts any JSON object, so
 * every read below checks shapes and ignores what it does not understand.
 */
interface Passthrough {
  root?: Obj;
  basics?: Diff;
  profiles?: ProfileRecord[];
  work?: Keyed[];
  education?: Keyed[];
  projects?: Keyed[];
  publications?: Keyed[];
  skills?: { shown: unknown; original: unknown };
  awards?: Listed[];
  certificates?: Listed[];
  languages?: Listed[];
  volunteer?: Listed[];
  volunteering?: Keyed[];
}

/** Fields that change together: if the user edits one, all are written as edited. */
const DATES = ['startDate', 'endDate', 'x-dates'];
const GROUPS = {
  plain: [DATES],
  work: [DATES, ['summary', 'highlights']],
  volunteer: [DATES, ['summary', 'highlights']],
  projects: [DATES, ['description', 'highlights']],
} satisfies Record<string, string[][]>;
type Groups = string[][];

/** One of Folio's lists of objects and the JSON Resume section it stands for. */
interface KeyedSection<T> {
  of: (item: T) => Obj;
  read: (entry: Obj) => T;
  key: (entry: Obj) => string;
  groups: Groups;
}

function groupsOf(keys: Iterable<string>, groups: Groups): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const k of keys) {
    if (seen.has(k)) continue;
    const group = groups.find((g) => g.includes(k)) ?? [k];
    group.forEach((x) => seen.add(x));
    out.push(group);
  }
  return out;
}
const pick = (o: Obj, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/** Import: where the entry that came in differs from what export writes for its item. */
function diff(original: Obj, ours: Obj, groups: Groups = GROUPS.plain): Diff {
  const shown: Obj = {};
  const kept: Obj = {};
  let differs = false;
  for (const g of groupsOf([...Object.keys(ours), ...Object.keys(original)], groups)) {
    if (same(pick(original, g), pick(ours, g))) continue;
    differs = true;
    Object.assign(shown, pick(ours, g));
    Object.assign(kept, pick(original, g));
  }
  return differs ? { shown, original: kept } : {};
}

/** Export: what the user did not edit since the import is written as it came in. */
function merge(ours: Obj, record: Diff | undefined, groups: Groups = GROUPS.plain): Obj {
  const shown = isObj(record?.shown) ? record.shown : {};
  const original = isObj(record?.original) ? record.original : {};
  const out: Obj = {};
  const keys = [...Object.keys(ours), ...Object.keys(shown), ...Object.keys(original)];
  for (const g of groupsOf(keys, groups)) {
    Object.assign(out, same(pick(ours, g), pick(shown, g)) ? pick(original, g) : pick(ours, g));
  }
  return out;
}

const hasDiff = (d: Diff) => d.shown !== undefined;

// ---------------------------------------------------------------------------------------------
// Sections

type Network = 'linkedin' | 'github' | 'twitter';
const NETWORKS: { key: Network; name: string; base: string; re: RegExp }[] = [
  { key: 'linkedin', name: 'LinkedIn', base: 'https://www.linkedin.com/in/', re: /linkedin/i },
  { key: 'github', name: 'GitHub', base: 'https://github.com/', re: /github/i },
  {
    key: 'twitter',
    name: 'Twitter',
    base: 'https://x.com/',
    re: /^(?:twitter|x)$|twitter\.com|\/\/(?:www\.)?x\.com(?:\/|$)/i,
  },
];

function networkOf(p: Obj): Network | undefined {
  const net = str(p.network) ?? '';
  const url = str(p.url) ?? '';
  return NETWORKS.find((n) => n.re.test(net) || (!net && n.re.test(url)))?.key;
}

/**
 * Import: a profile as a contact field: the user name when the URL is the one Folio derives from
 * it, else the URL when it points at the person (has a path), else the user name.
 */
function profileValue(network: Network, p: Obj): string | undefined {
  const url = str(p.url);
  const username = str(p.username);
  if (username && url && url === profileOf(network, username)?.url) return username;
  let path = '';
  try {
    path = url ? new URL(url).pathname.replace(/\/+$/, '') : '';
  } catch {
    path = url ?? '';
  }
  return (path ? url : undefined) ?? username ?? url;
}

/** Export: a contact field as a profile: a handle ("ada", "@ada") or a link. */
function profileOf(key: Network, value: string): Obj | undefined {
  const n = NETWORKS.find((x) => x.key === key)!;
  if (/^@?[\w-]+$/.test(value)) {
    const username = value.replace(/^@/, '');
    return { network: n.name, username, url: `${n.base}${username}` };
  }
  const url = exportUrl(value);
  const username = url && new URL(url).pathname.split('/').filter(Boolean).pop();
  return url ? clean({ network: n.name, username, url }) : undefined;
}

function locationLine(loc: unknown): string | undefined {
  if (!isObj(loc)) return undefined;
  const parts = [str(loc.city), str(loc.region), str(loc.countryCode)].filter(Boolean);
  return parts.length ? parts.join(', ') : str(loc.address)?.replace(/\s*\n\s*/g, ', ');
}

/** Export: "San Francisco, California, US" → city, region, countryCode (an ISO code last). */
function locationOf(line: string | undefined): Obj | undefined {
  const parts = (line ?? '').split(/\s*,\s*/).filter(Boolean);
  if (!parts.length) return undefined;
  const countryCode = /^[A-Z]{2}$/.test(parts.at(-1)!) ? parts.pop() : undefined;
  return clean({ city: parts[0], region: parts.slice(1).join(', '), countryCode });
}

function basicsOf(data: ResumeData): Obj {
  const c = data.contact ?? {};
  return clean({
    name: c.name,
    label: c.title,
    email: exportEmail(c.email),
    phone: c.phone,
    url: exportUrl(c.portfolio),
    summary: data.summary,
    location: locationOf(c.location),
  });
}

const workOf = (e: Experience): Obj =>
  clean({
    name: e.company,
    position: e.position,
    location: e.location,
    ...dateFields(e.dates),
    highlights: [...(e.description ?? []), ...(e.achievements ?? [])],
    'x-technologies': e.technologies,
  });

const volunteerOf = (v: Volunteering): Obj =>
  clean({
    organization: v.organisation,
    position: v.role,
    'x-location': v.location,
    ...dateFields(v.dates),
    summary: v.description?.[0],
    highlights: v.description?.slice(1),
  });

const educationOf = (e: Education): Obj =>
  clean({
    institution: e.institution,
    area: e.field_of_study,
    studyType: e.degree,
    ...dateFields(e.dates),
    score: e.gpa,
    courses: e.courses,
    'x-achievements': e.achievements,
  });

const projectOf = (p: Project): Obj =>
  clean({
    name: p.name,
    description: p.description?.[0],
    highlights: [...(p.description?.slice(1) ?? []), ...(p.features ?? [])],
    keywords: p.technologies,
    ...dateFields(p.dates),
    url: exportUrl(p.url),
  });

const publicationOf = (p: Publication): Obj =>
  clean({ name: p.title, publisher: p.venue, url: exportUrl(p.url) });

const SKILL_GROUPS = [
  ['technical', 'Technical'],
  ['tools', 'Tools'],
  ['soft', 'Soft skills'],
] as const;
const skillsOf = (data: ResumeData): Obj[] =>
  SKILL_GROUPS.filter(([k]) => data.skills?.[k]?.length).map(([k, name]) => ({
    name,
    keywords: data.skills?.[k],
  }));

const readWork = (w: Obj): Experience => ({
  company: str(w.name) ?? str(w.company),
  position: str(w.position),
  location: str(w.location),
  dates: readRange(w),
  description: [...(str(w.summary) ? [str(w.summary)!] : []), ...strs(w.highlights)],
  technologies: strs(w['x-technologies']),
});
const readVolunteer = (v: Obj): Volunteering => ({
  organisation: str(v.organization),
  role: str(v.position),
  location: str(v['x-location']),
  dates: readRange(v),
  description: [...(str(v.summary) ? [str(v.summary)!] : []), ...strs(v.highlights)],
});
const readEducation = (e: Obj): Education => ({
  institution: str(e.institution),
  degree: str(e.studyType),
  field_of_study: str(e.area),
  gpa: str(e.score),
  dates: readRange(e),
  courses: strs(e.courses),
  achievements: strs(e['x-achievements']),
});
const readProject = (p: Obj): Project => ({
  name: str(p.name),
  url: str(p.url),
  description: [...(str(p.description) ? [str(p.description)!] : []), ...strs(p.highlights)],
  technologies: strs(p.keywords),
  dates: readRange(p),
});
const readPublication = (p: Obj): Publication => ({
  title: str(p.name),
  venue: str(p.publisher),
  url: str(p.url),
});

const identity =
  (...keys: string[]) =>
  (o: Obj): string =>
    JSON.stringify(keys.map((k) => o[k] ?? null));

/** Sections of objects: an item and its entry, and what identifies an entry after edits. */
const sections: {
  work: KeyedSection<Experience>;
  volunteer: KeyedSection<Volunteering>;
  education: KeyedSection<Education>;
  projects: KeyedSection<Project>;
  publications: KeyedSection<Publication>;
} = {
  work: { of: workOf, read: readWork, key: identity('name', 'position'), groups: GROUPS.work },
  volunteer: {
    of: volunteerOf,
    read: readVolunteer,
    key: identity('organization', 'position'),
    groups: GROUPS.volunteer,
  },
  education: {
    of: educationOf,
    read: readEducation,
    key: identity('institution', 'studyType', 'area'),
    groups: GROUPS.plain,
  },
  projects: { of: projectOf, read: readProject, key: identity('name'), groups: GROUPS.projects },
  publications: {
    of: publicationOf,
    read: readPublication,
    key: identity('name'),
    groups: GROUPS.plain,
  },
};

/** Folio's string lists and the JSON Resume entries they stand for. */
const lists = {
  awards: {
    items: (d: ResumeData) => d.awards,
    show: (o: Obj) => str(o.title),
    entry: (s: string) => ({ title: s }),
  },
  certificates: {
    items: (d: ResumeData) => d.skills?.certifications,
    show: (o: Obj) => str(o.name),
    entry: (s: string) => ({ name: s }),
  },
  languages: {
    items: (d: ResumeData) => d.verbal_languages,
    show: (o: Obj) => {
      const [language, fluency] = [str(o.language), str(o.fluency)];
      return language && fluency ? `${language} (${fluency})` : language;
    },
    entry: (s: string) => {
      const m = /^(.+?)\s*\(([^()]+)\)$/.exec(s);
      return m ? { language: m[1], fluency: m[2] } : { language: s };
    },
  },
  volunteer: {
    items: (d: ResumeData) => d.extracurricular,
    show: (o: Obj) =>
      [str(o.position), str(o.organization)].filter(Boolean).join(', ') || str(o.summary),
    entry: (s: string) => ({ summary: s }),
  },
} as const;
type ListName = keyof typeof lists;

// ---------------------------------------------------------------------------------------------
// Export

const ORDER = [
  '$schema',
  'basics',
  'work',
  'volunteer',
  'education',
  'awards',
  'certificates',
  'publications',
  'skills',
  'languages',
  'interests',
  'references',
  'projects',
  'meta',
];
/** Sections Folio reads; every other top-level key is kept verbatim. */
const READ = new Set(
  ORDER.filter((k) => !['$schema', 'interests', 'references', 'meta'].includes(k)),
);

const arrOf = <T>(v: unknown, ok: (x: unknown) => x is T): T[] =>
  Array.isArray(v) ? v.filter(ok) : [];
const isKeyed = (x: unknown): x is Keyed => isObj(x) && typeof x.key === 'string';
const isListed = (x: unknown): x is Listed => isObj(x) && isObj(x.entry);

function mergeKeyed<T>(items: T[], s: KeyedSection<T>, raw: unknown): Obj[] {
  const records = arrOf(raw, isKeyed);
  const used = new Set<Keyed>();
  return items.map((item) => {
    const ours = s.of(item);
    const k = s.key(ours);
    const record = records.find((r) => !used.has(r) && r.key === k);
    if (record) used.add(record);
    return merge(ours, record, s.groups);
  });
}

function mergeListed(items: string[], name: ListName, raw: unknown): Obj[] {
  const records = arrOf(raw, isListed);
  const used = new Set<Listed>();
  const out = items.map((s) => {
    const record = records.find((r) => !used.has(r) && r.shown === s);
    if (record) used.add(record);
    return record ? record.entry : lists[name].entry(s);
  });
  return [...out, ...records.filter((r) => r.shown === undefined).map((r) => r.entry)];
}

function mergeProfiles(data: ResumeData, raw: unknown): Obj[] {
  const c = data.contact ?? {};
  const out: Obj[] = [];
  const placed = new Set<Network>();
  for (const r of arrOf(raw, isObj) as ProfileRecord[]) {
    const network = NETWORKS.find((n) => n.key === r.network)?.key;
    if (network && !placed.has(network)) {
      placed.add(network);
      const ours = c[network] && profileOf(network, c[network]);
      if (ours) out.push(merge(ours, r));
    } else if (isObj(r.entry)) out.push(r.entry);
  }
  for (const { key } of NETWORKS) {
    const ours = !placed.has(key) && c[key] && profileOf(key, c[key]);
    if (ours) out.push(ours);
  }
  return out.map((p) => conform(p, { url: ['url'] }));
}

/** Resume data as a JSON Resume, with everything an import kept given back. */
export function toJsonResume(data: ResumeData): Obj {
  const kept = (isObj(data.jsonResume) ? data.jsonResume : {}) as Passthrough;
  const skills = skillsOf(data);
  const out: Obj = {
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: clean({
      ...conform(merge(basicsOf(data), kept.basics), { url: ['url'], email: ['email'] }),
      profiles: mergeProfiles(data, kept.profiles),
    }),
    work: mergeKeyed(data.experience ?? [], sections.work, kept.work),
    education: mergeKeyed(data.education ?? [], sections.education, kept.education),
    projects: mergeKeyed(data.projects ?? [], sections.projects, kept.projects),
    publications: mergeKeyed(data.publications ?? [], sections.publications, kept.publications),
    skills: isObj(kept.skills) && same(skills, kept.skills.shown) ? kept.skills.original : skills,
    ...Object.fromEntries(
      (Object.keys(lists) as ListName[]).map((name) => [
        name,
        mergeListed(lists[name].items(data) ?? [], name, kept[name]),
      ]),
    ),
    ...(isObj(kept.root) ? kept.root : {}),
  };
  out.volunteer = [
    ...mergeKeyed(data.volunteering ?? [], sections.volunteer, kept.volunteering),
    ...(Array.isArray(out.volunteer) ? (out.volunteer as Obj[]) : []),
  ];
  for (const name of [
    'work',
    'education',
    'projects',
    'publications',
    'volunteer',
    'awards',
    'certificates',
  ]) {
    const list = out[name];
    if (Array.isArray(list))
      out[name] = (list as unknown[]).map((e) => (isObj(e) ? conform(e, DATED) : e));
  }
  if (isObj(out.meta)) out.meta = conform(out.meta, { url: ['canonical'] });
  if (!exportUrl(out.$schema)) delete out.$schema;
  const keys = [...ORDER, ...Object.keys(out).filter((k) => !ORDER.includes(k))];
  return clean(Object.fromEntries(keys.map((k) => [k, out[k]])));
}

// ---------------------------------------------------------------------------------------------
// Import

function importKeyed<T>(entries: Obj[], s: KeyedSection<T>): { items: T[]; records: Keyed[] } {
  const items: T[] = [];
  const records: Keyed[] = [];
  for (const e of entries) {
    const item = clean(s.read(e));
    const ours = s.of(item);
    const d = diff(e, ours, s.groups);
    items.push(item);
    if (hasDiff(d)) records.push({ key: s.key(ours), ...d });
  }
  return { items, records };
}

function importListed(entries: Obj[], name: ListName): { items: string[]; records: Listed[] } {
  const items: string[] = [];
  const records: Listed[] = [];
  for (const e of entries) {
    const shown = lists[name].show(e);
    if (shown) items.push(shown);
    if (!shown || !same(clean(lists[name].entry(shown)), clean(e))) {
      records.push({ ...(shown ? { shown } : {}), entry: e });
    }
  }
  return { items, records };
}

/** Which group a JSON Resume skill's keywords go to: its name when that names one of Folio's. */
function skillGroup(name: string | undefined): 'technical' | 'tools' | 'soft' {
  const n = (name ?? '').toLowerCase();
  return (
    SKILL_GROUPS.find(([k, label]) => n === k || n === label.toLowerCase())?.[0] ?? 'technical'
  );
}

/** A JSON Resume as resume data; what no template shows is kept in `jsonResume`. */
export function fromJsonResume(input: unknown): ResumeData {
  const r = isObj(input) ? input : {};
  const b = isObj(r.basics) ? r.basics : {};
  const kept: Passthrough = {};

  // Profiles: the first of each of LinkedIn, GitHub, Twitter/X fills the contact field.
  const contactProfiles: Partial<Record<Network, string>> = {};
  const profiles: ProfileRecord[] = [];
  for (const p of objs(b.profiles)) {
    const network = networkOf(p);
    const value = network && !contactProfiles[network] ? profileValue(network, p) : undefined;
    if (network && value) {
      contactProfiles[network] = value;
      profiles.push({ network, ...diff(p, profileOf(network, value) ?? {}) });
    } else profiles.push({ entry: p });
  }
  if (profiles.some((p) => p.entry || hasDiff(p))) kept.profiles = profiles;

  const data: ResumeData = {
    contact: clean({
      name: str(b.name),
      title: str(b.label),
      email: str(b.email),
      phone: str(b.phone),
      portfolio: str(b.url),
      location: locationLine(b.location),
      ...contactProfiles,
    }),
    summary: str(b.summary),
  };
  const { profiles: _profiles, ...basicsIn } = b;
  const basics = diff(basicsIn, basicsOf(data));
  if (hasDiff(basics)) kept.basics = basics;

  const work = importKeyed(objs(r.work), sections.work);
  const education = importKeyed(objs(r.education), sections.education);
  const projects = importKeyed(objs(r.projects), sections.projects);
  const publications = importKeyed(objs(r.publications), sections.publications);
  const volunteering = importKeyed(objs(r.volunteer), sections.volunteer);
  if (volunteering.records.length) kept.volunteering = volunteering.records;
  Object.assign(data, {
    volunteering: volunteering.items,
    experience: work.items,
    education: education.items,
    projects: projects.items,
    publications: publications.items,
  });
  for (const [name, part] of Object.entries({ work, education, projects, publications })) {
    if (part.records.length) kept[name as 'work'] = part.records;
  }

  const skills: Record<'technical' | 'tools' | 'soft', string[]> = {
    technical: [],
    tools: [],
    soft: [],
  };
  for (const s of objs(r.skills)) {
    const keywords = strs(s.keywords);
    skills[skillGroup(str(s.name))].push(...(keywords.length ? keywords : strs([s.name])));
  }
  // `volunteer` was read above as volunteering: no activities come from it
  const listed = Object.fromEntries(
    (Object.keys(lists) as ListName[]).map((name) => [
      name,
      importListed(name === 'volunteer' ? [] : objs(r[name]), name),
    ]),
  ) as Record<ListName, { items: string[]; records: Listed[] }>;
  data.skills = clean({ ...skills, certifications: listed.certificates.items });
  data.awards = listed.awards.items;
  data.verbal_languages = listed.languages.items;
  data.extracurricular = listed.volunteer.items;
  for (const name of Object.keys(lists) as ListName[]) {
    if (listed[name].records.length) kept[name] = listed[name].records;
  }
  const skillsShown = skillsOf(data);
  if (r.skills !== undefined && !same(clean(r.skills), clean(skillsShown))) {
    kept.skills = { shown: skillsShown, original: r.skills };
  }

  const root = Object.fromEntries(Object.entries(r).filter(([k]) => !READ.has(k)));
  if (Object.keys(root).length) kept.root = root;

  return clean({ ...data, jsonResume: clean(kept) as ResumeData['jsonResume'] });
}
