/**
 * JSON Resume (schema 1.0) import and export. Printed date ranges become ISO startDate/endDate
 * when they can be read; the printed text is kept in an extension field `x-dates` either way.
 */
import type { Education, Experience, Project, ResumeData } from '@folio/core';

type Obj = Record<string, unknown>;

const MONTH_NUM: [RegExp, string][] = [
  [/^jan|^gen|^ene|^janv|^janeiro/i, '01'],
  [/^feb|^fév|^fev|^febr/i, '02'],
  [/^mar|^mär|^mrt/i, '03'],
  [/^apr|^avr|^abr/i, '04'],
  [/^ma[iy]|^mag|^mei/i, '05'],
  [/^jun|^juin|^giu/i, '06'],
  [/^jul|^juil|^lug/i, '07'],
  [/^aug|^aoû|^ago/i, '08'],
  [/^sep|^set/i, '09'],
  [/^oct|^okt|^ott|^out/i, '10'],
  [/^nov/i, '11'],
  [/^dec|^déc|^dez|^dic/i, '12'],
];

/** One printed date to ISO 8601 (YYYY, YYYY-MM), or undefined. */
export function isoDate(s: string): string | undefined {
  const t = s.trim();
  let m = /^(\d{1,2})[/.](\d{4})$/.exec(t);
  if (m?.[1] && m[2]) return `${m[2]}-${m[1].padStart(2, '0')}`;
  m = /^(\d{4})[-/.](\d{1,2})$/.exec(t);
  if (m?.[1] && m[2]) return `${m[1]}-${m[2].padStart(2, '0')}`;
  m = /^([\p{L}]+)\.?\s+(\d{4})$/u.exec(t);
  if (m?.[1] && m[2]) {
    const mm = MONTH_NUM.find(([re]) => re.test(m?.[1] ?? ''))?.[1];
    return mm ? `${m[2]}-${mm}` : m[2];
  }
  m = /(?:^|\D)((?:19|20)\d\d)(?:\D|$)/.exec(t);
  return m?.[1];
}

export function splitRange(dates: string | undefined): { startDate?: string; endDate?: string } {
  if (!dates) return {};
  const parts = dates.split(/\s*(?:[–—-]|\bto\b|\buntil\b|\bbis\b)\s*/i).filter(Boolean);
  const start = parts[0] ? isoDate(parts[0]) : undefined;
  const end = parts[1] ? isoDate(parts[1]) : undefined;
  return { ...(start ? { startDate: start } : {}), ...(end ? { endDate: end } : {}) };
}

const clean = <T extends Obj>(o: T): T =>
  Object.fromEntries(
    Object.entries(o).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as T;

export function toJsonResume(data: ResumeData): object {
  const c = data.contact ?? {};
  const profiles = (
    [
      ['LinkedIn', c.linkedin],
      ['GitHub', c.github],
      ['Twitter', c.twitter],
    ] as const
  )
    .filter(([, v]) => v)
    .map(([network, v]) => {
      const value = v ?? '';
      if (!/[/.]/.test(value)) return { network, username: value };
      const url = /^https?:\/\//.test(value) ? value : `https://${value}`;
      return { network, url, username: value.replace(/\/+$/, '').split('/').pop() ?? value };
    });
  const portfolio = c.portfolio
    ? /^https?:\/\//.test(c.portfolio)
      ? c.portfolio
      : `https://${c.portfolio}`
    : undefined;
  const [city, region] = (c.location ?? '').split(/,\s*/);
  const skills = Object.entries(data.skills ?? {})
    .filter(([k, v]) => k !== 'certifications' && Array.isArray(v) && v.length)
    .map(([k, v]) => ({ name: k, keywords: v }));
  return clean({
    $schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
    basics: clean({
      name: c.name,
      label: c.title,
      email: c.email,
      phone: c.phone,
      url: portfolio,
      summary: data.summary,
      location: c.location ? clean({ address: c.location, city, region }) : undefined,
      profiles,
    }),
    work: (data.experience ?? []).map((e) =>
      clean({
        name: e.company,
        position: e.position,
        location: e.location,
        ...splitRange(e.dates),
        'x-dates': e.dates,
        highlights: [...(e.description ?? []), ...(e.achievements ?? [])],
        'x-technologies': e.technologies,
      }),
    ),
    education: (data.education ?? []).map((e) =>
      clean({
        institution: e.institution,
        studyType: e.degree,
        area: e.field_of_study,
        score: e.gpa,
        ...splitRange(e.dates),
        'x-dates': e.dates,
        courses: e.courses,
        'x-achievements': e.achievements,
      }),
    ),
    projects: (data.projects ?? []).map((p) =>
      clean({
        name: p.name,
        url: p.url && /^https?:\/\//.test(p.url) ? p.url : undefined,
        description: p.description?.[0],
        highlights: [...(p.description?.slice(1) ?? []), ...(p.features ?? [])],
        keywords: p.technologies,
        ...splitRange(p.dates),
        'x-dates': p.dates,
      }),
    ),
    skills,
    certificates: (data.skills?.certifications ?? []).map((name) => ({ name })),
    awards: (data.awards ?? []).map((title) => ({ title })),
    languages: (data.verbal_languages ?? []).map((language) => ({ language })),
    publications: (data.publications ?? []).map((p) =>
      clean({
        name: p.title,
        publisher: p.venue,
        url: p.url && /^https?:\/\//.test(p.url) ? p.url : undefined,
      }),
    ),
    volunteer: (data.extracurricular ?? []).map((summary) => ({ summary })),
  });
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : undefined;
const arr = (v: unknown): Obj[] =>
  Array.isArray(v) ? v.filter((x): x is Obj => !!x && typeof x === 'object') : [];
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((x): x is string => !!x) : [];
const range = (o: Obj): string | undefined => {
  const printed = str(o['x-dates']);
  if (printed) return printed;
  const s = str(o.startDate);
  const e = str(o.endDate);
  if (s && e) return `${s} – ${e}`;
  if (s) return `${s} – present`;
  return e;
};

export function fromJsonResume(obj: unknown): ResumeData {
  const r = (obj && typeof obj === 'object' ? obj : {}) as Obj;
  const b = (r.basics && typeof r.basics === 'object' ? r.basics : {}) as Obj;
  const loc = (b.location && typeof b.location === 'object' ? b.location : {}) as Obj;
  const profiles = arr(b.profiles);
  const profile = (re: RegExp) => {
    const p = profiles.find((x) => re.test(str(x.network) ?? '') || re.test(str(x.url) ?? ''));
    return p ? (str(p.url) ?? str(p.username)) : undefined;
  };
  const location =
    str(loc.address) ??
    ([str(loc.city), str(loc.region), str(loc.countryCode)].filter(Boolean).join(', ') ||
      undefined);
  const out: ResumeData = {
    contact: clean({
      name: str(b.name),
      title: str(b.label),
      email: str(b.email),
      phone: str(b.phone),
      portfolio: str(b.url),
      location,
      linkedin: profile(/linkedin/i),
      github: profile(/github/i),
      twitter: profile(/twitter|^x$/i),
    }),
    summary: str(b.summary),
    experience: arr(r.work).map((w): Experience =>
      clean({
        company: str(w.name) ?? str(w.company),
        position: str(w.position),
        location: str(w.location),
        dates: range(w),
        description: [...(str(w.summary) ? [str(w.summary)!] : []), ...strs(w.highlights)],
        technologies: strs(w['x-technologies']),
      }),
    ),
    education: arr(r.education).map((e): Education =>
      clean({
        institution: str(e.institution),
        degree: str(e.studyType),
        field_of_study: str(e.area),
        gpa: str(e.score),
        dates: range(e),
        courses: strs(e.courses),
        achievements: strs(e['x-achievements']),
      }),
    ),
    projects: arr(r.projects).map((p): Project =>
      clean({
        name: str(p.name),
        url: str(p.url),
        description: [...(str(p.description) ? [str(p.description)!] : []), ...strs(p.highlights)],
        technologies: strs(p.keywords),
        dates: range(p),
      }),
    ),
    skills: clean({
      technical: arr(r.skills).flatMap((s) => {
        const kw = strs(s.keywords);
        return kw.length ? kw : strs([s.name]);
      }),
      certifications: arr(r.certificates)
        .map((c) => str(c.name))
        .filter((x): x is string => !!x),
    }),
    awards: arr(r.awards)
      .map((a) => str(a.title))
      .filter((x): x is string => !!x),
    verbal_languages: arr(r.languages)
      .map((l) => str(l.language))
      .filter((x): x is string => !!x),
    publications: arr(r.publications).map((p) =>
      clean({ title: str(p.name), venue: str(p.publisher), url: str(p.url) }),
    ),
    extracurricular: arr(r.volunteer)
      .map(
        (v) => [str(v.position), str(v.organization)].filter(Boolean).join(', ') || str(v.summary),
      )
      .filter((x): x is string => !!x),
  };
  return clean(out as Obj);
}
