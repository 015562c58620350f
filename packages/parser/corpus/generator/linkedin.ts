/**
 * The LinkedIn family: a persona as LinkedIn's "Save to PDF" prints a profile, in one of its
 * interface languages (linkedin-ui.ts). US Letter; a sidebar at the left of page 1 (Contact, Top
 * Skills, Languages, Certifications, Honors-Awards, Publications) beside a main column (name,
 * headline, location, Summary, Experience, Education) that runs on over the next pages; roles at
 * one company grouped under it with the total time there; every span followed by its duration;
 * "Page N of M" at the foot of every page. Its gold follows the LinkedIn conventions
 * (corpus/linkedin/README.md), not the general ones: dates without durations, a company on every
 * role, language names without levels, labels dropped.
 */
import type { ResumeData } from '@folio/core';
import { poland } from './bank/poland.ts';
import { linkedInLevels, linkedInUi, type LinkedInUi, type UiLang } from './linkedin-ui.ts';
import { TODAY, type Persona } from './persona.ts';
import type { Rng } from './rng.ts';

interface YM {
  y: number;
  m: number;
}
interface Role {
  company: string;
  position: string;
  dates: string;
  duration: string;
  location?: string;
  /** Description as printed: bullet or dash lines, or paragraphs. */
  style: 'bullets' | 'dashes' | 'paragraph' | 'none';
  items: string[];
}
interface Group {
  company: string;
  /** The total time at the company, printed when it has several roles. */
  total?: string;
  roles: Role[];
}
interface School {
  institution: string;
  degree?: string;
  field?: string;
  dates?: string;
}
interface Site {
  url: string;
  href: string;
  label: string;
  kind: 'linkedin' | 'github' | 'other';
}

export interface LinkedInProfile {
  ui: UiLang;
  name: string;
  headline: string;
  location: string;
  address?: string;
  phone?: string;
  email: string;
  sites: Site[];
  topSkills: string[];
  languages: { name: string; level?: string }[];
  certifications: string[];
  honors: string[];
  publications: string[];
  summary: string[];
  groups: Group[];
  schools: School[];
}

const months = (a: YM, b: YM) => b.y * 12 + b.m - (a.y * 12 + a.m) + 1;
const back = (d: YM, k: number): YM => {
  const t = d.y * 12 + (d.m - 1) - k;
  return { y: Math.floor(t / 12), m: (t % 12) + 1 };
};

function durationText(ui: LinkedInUi, n: number): string {
  const y = Math.floor(n / 12);
  const m = n % 12;
  return [...(y ? [ui.years(y)] : []), ...(m ? [ui.months_(m)] : [])].join(' ');
}

function span(ui: LinkedInUi, a: YM, b: YM | undefined, yearsOnly: boolean): string {
  const f = (d: YM) => (yearsOnly ? String(d.y) : ui.monthYear(ui.months[d.m - 1]!, d.y));
  return `${f(a)} - ${b ? f(b) : ui.present}`;
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** A sentence ends with a full stop (paragraph descriptions are read sentence by sentence). */
const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** A LinkedIn profile made from a persona, in an interface language. */
export function linkedInProfile(p: Persona, ui: UiLang, rng: Rng): LinkedInProfile {
  const t = linkedInUi[ui];
  const polish = ui === 'pl';
  const first = polish ? rng.pick(poland.first) : p.name.split(' ')[0]!;
  const last = polish ? rng.pick(poland.last) : p.name.split(' ').slice(1).join(' ');
  const name = `${first} ${last}`;
  const city = polish ? rng.pick(poland.cities) : rng.pick(p.country.cities);
  const country = polish ? poland.name : p.country.name.local;
  const location = city.region
    ? rng.pick([`${city.city}, ${city.region}, ${country}`, `${city.city}, ${country}`])
    : `${city.city}, ${country}`;
  const skills = p.skills.flatMap((g) => g.items);
  const title = p.title ?? p.experience[0]?.position ?? p.profession.titles.en[0]!;
  const headline = rng.chance(0.4)
    ? [title, ...rng.sample(skills, rng.int(3, 6))].join(' | ')
    : rng.chance(0.5)
      ? `${title} at ${p.experience[0]?.company ?? ''}`.trim()
      : title;

  const handle = `${ascii(first)}-${ascii(last)}${rng.chance(0.6) ? `-${rng.int(10000000, 99999999).toString(16)}` : ''}`;
  const sites: Site[] = [
    {
      url: `www.linkedin.com/in/${handle}`,
      href: `https://www.linkedin.com/in/${handle}`,
      label: 'LinkedIn',
      kind: 'linkedin',
    },
  ];
  const techy = ['software', 'data', 'research'].includes(p.profession.key);
  if (techy && rng.chance(0.6))
    sites.push({
      url: `github.com/${ascii(first)}${ascii(last)}`,
      href: `https://github.com/${ascii(first)}${ascii(last)}`,
      label: rng.pick([t.labels.personal, t.labels.portfolio]),
      kind: 'github',
    });
  if (rng.chance(0.4)) {
    const host = `${ascii(first)}${ascii(last)}.${rng.pick(['com', 'dev', 'io'])}`;
    const path = rng.chance(0.4) ? `/${rng.pick(['portfolio', 'projects', 'about-me'])}/` : '';
    sites.push({
      url: `www.${host}${path}`,
      href: `https://www.${host}${path}`,
      label: rng.pick([t.labels.personal, t.labels.portfolio, t.labels.company, t.labels.blog]),
      kind: 'other',
    });
  }
  const email = polish
    ? `${ascii(first)}.${ascii(last)}@${rng.pick(['gmail.com', 'wp.pl', 'onet.pl'])}`
    : p.email;

  // roles, most recent first, some grouped under one company
  const groups: Group[] = [];
  let end: YM | undefined = rng.chance(0.6) ? undefined : back(TODAY, rng.int(1, 6));
  // a long profile (three or four pages): a longer career, every role told at length
  const long = rng.chance(0.5);
  const earlier = long
    ? p.experience.map((e) => ({
        ...e,
        company: rng.pick(p.profession.employers.filter((c) => !e.company.startsWith(c))),
      }))
    : [];
  const entries = [...p.experience, ...earlier];
  const pool = [...new Set(entries.flatMap((e) => e.bullets))];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const nRoles = i < entries.length - 1 && rng.chance(0.3) ? rng.int(2, 3) : 1;
    const company = e.company;
    const roles: Role[] = [];
    const groupEnd = end;
    let start: YM = end ?? TODAY;
    for (let k = 0; k < nRoles; k++) {
      const src = entries[i + k] ?? e;
      const to = end ?? TODAY;
      start = back(to, rng.int(3, 40));
      const yearsOnly = rng.chance(0.1);
      const style = rng.pick([
        'bullets',
        'bullets',
        'dashes',
        'paragraph',
        'paragraph',
        'none',
      ] as const);
      // (a full stop inside an item would make two sentences of it in a paragraph)
      const told = long
        ? [
            ...src.bullets,
            ...rng.sample(
              pool.filter((b) => !src.bullets.includes(b)),
              rng.int(6, 12),
            ),
          ]
        : src.bullets;
      const bullets = told.filter((b) => !/[.!?]\s+[\p{Lu}\d"“«(]/u.test(b));
      const items =
        style === 'none'
          ? []
          : style === 'paragraph'
            ? bullets.map(sentence)
            : bullets.map((b) => b.trim());
      const role: Role = {
        company,
        position:
          k === 0 ? e.position : (p.profession.titles[p.lang][Math.max(0, k - 1)] ?? e.position),
        dates: span(t, start, end, yearsOnly),
        duration: durationText(t, months(start, to)),
        style: items.length ? style : 'none',
        items,
      };
      if (rng.chance(0.6)) {
        const c = polish ? rng.pick(poland.cities) : rng.pick(p.country.cities);
        role.location =
          rng.chance(0.5) && c.region
            ? `${c.city}, ${c.region}, ${country}`
            : `${c.city}, ${country}`;
      }
      roles.push(role);
      end = back(start, rng.int(0, 2));
    }
    // a role under a group keeps a title distinct from the one above
    for (let k = 1; k < roles.length; k++)
      if (roles[k]!.position === roles[k - 1]!.position)
        roles[k]!.position = `Senior ${roles[k]!.position}`;
    const group: Group = { company, roles };
    if (nRoles > 1) group.total = durationText(t, months(start, groupEnd ?? TODAY));
    groups.push(group);
    i += nRoles - 1;
    end = back(start, rng.int(1, 5));
  }

  const schools: School[] = p.education.map((e, i) => {
    const s: School = {
      institution: polish ? rng.pick(poland.universities) : e.institution,
    };
    const form = rng.int(0, 9);
    if (form !== 9) s.degree = e.degree;
    if (form < 7 && e.field) s.field = e.field;
    if (form !== 8) {
      const y2 = (end ?? TODAY).y - 1 - i * 3;
      const a: YM = { y: y2 - rng.int(1, 4), m: rng.pick([9, 10]) };
      const b: YM = { y: y2, m: rng.pick([6, 7]) };
      s.dates = rng.chance(0.5) ? `${a.y} - ${b.y}` : span(t, a, b, false);
    }
    return s;
  });

  const codes = [
    ...new Set([
      polish ? 'pl' : p.lang,
      'en',
      ...rng.sample(['de', 'fr', 'es', 'it', 'pt', 'nl'], rng.int(0, 2)),
    ]),
  ];
  const languages = rng.chance(0.7)
    ? codes.map((c, i) => ({
        name: t.languageNames[c] ?? c,
        ...(rng.chance(0.85)
          ? { level: i === 0 ? linkedInLevels[0] : rng.pick(linkedInLevels.slice(1)) }
          : {}),
      }))
    : [];
  const summary: string[] = [];
  if (p.summary) summary.push(p.summary);
  const more = p.experience.flatMap((e) => e.bullets);
  if (p.summary && more.length && (long || rng.chance(0.5)))
    summary.push(...rng.sample(more, long ? 3 : 1).map(sentence));

  return {
    ui,
    name,
    headline,
    location,
    ...(rng.chance(0.3) ? { address: location } : {}),
    ...(rng.chance(0.4) ? { phone: polish ? poland.phone(rng) : p.phone } : {}),
    email,
    sites,
    topSkills: rng.sample(skills, 3),
    languages,
    certifications: rng.chance(0.6) ? rng.sample(p.profession.certifications, rng.int(1, 4)) : [],
    honors: p.awards,
    publications: p.publications.slice(0, 3).map((x) => x.title),
    summary,
    groups,
    schools,
  };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CSS = `
body { margin: 0; font-family: 'Liberation Sans', Arial, 'DejaVu Sans', sans-serif; color: #000; }
.side { float: left; width: 152pt; padding-left: 21.6pt; padding-top: 0; }
.side h2 { font-size: 13pt; font-weight: normal; line-height: 16pt; margin: 0 0 4pt; }
.side section { margin-bottom: 14pt; }
.side .it { font-size: 10.5pt; line-height: 12.6pt; margin-bottom: 5.3pt; overflow-wrap: anywhere; }
.side .ct { font-size: 10.5pt; line-height: 12.6pt; overflow-wrap: anywhere; }
.side .ct.apart { margin-top: 10pt; }
.side a { color: #000; text-decoration: none; }
.main { margin-left: 223.6pt; width: 352pt; }
.name { font-size: 26pt; line-height: 30pt; margin-top: 4pt; }
.headline { font-size: 12pt; line-height: 14.4pt; margin-top: 6pt; }
.loc { font-size: 12pt; line-height: 15.4pt; color: #6b6b6b; }
.main h2 { font-size: 15.75pt; font-weight: normal; line-height: 19pt; margin: 24pt 0 6pt; break-after: avoid; }
.sum p { font-size: 12pt; line-height: 18pt; margin: 0 0 18pt; }
.co { font-size: 12pt; line-height: 16pt; margin-top: 22pt; break-after: avoid; }
.co.first { margin-top: 8pt; }
.total { font-size: 10.5pt; line-height: 16.5pt; color: #6b6b6b; break-after: avoid; }
.role { font-size: 11.5pt; line-height: 15pt; break-after: avoid; }
.role.next { margin-top: 14pt; }
.d { font-size: 10.5pt; line-height: 14.6pt; color: #6b6b6b; }
.desc { margin-top: 6pt; }
.desc div { font-size: 10.5pt; line-height: 17.9pt; }
.desc div.par + div.par { margin-top: 17.9pt; }
.school { font-size: 12pt; line-height: 16pt; margin-top: 14pt; break-after: avoid; }
.school.first { margin-top: 6pt; }
.deg { font-size: 10.5pt; line-height: 17.9pt; }
`;

function descHtml(r: Role): string {
  if (r.style === 'none' || !r.items.length) return '';
  if (r.style === 'paragraph') {
    // sentences in one or two paragraphs
    const cut = r.items.length > 2 ? Math.ceil(r.items.length / 2) : r.items.length;
    const paras = [r.items.slice(0, cut), r.items.slice(cut)].filter((x) => x.length);
    return `<div class="desc">${paras.map((x) => `<div class="par">${esc(x.join(' '))}</div>`).join('')}</div>`;
  }
  const glyph = r.style === 'bullets' ? '• ' : '-';
  return `<div class="desc">${r.items.map((x) => `<div>${esc(glyph + x)}</div>`).join('')}</div>`;
}

export function linkedInHtml(pr: LinkedInProfile): string {
  const t = linkedInUi[pr.ui];
  const side: string[] = [];
  const contact: string[] = [];
  if (pr.address) contact.push(`<div class="ct">${esc(pr.address)}</div>`);
  if (pr.phone) contact.push(`<div class="ct">${esc(pr.phone)} (${esc(t.mobile)})</div>`);
  contact.push(`<div class="ct"><a href="mailto:${esc(pr.email)}">${esc(pr.email)}</a></div>`);
  for (const [i, s] of pr.sites.entries())
    contact.push(
      `<div class="ct${i === 0 ? ' apart' : ''}"><a href="${esc(s.href)}">${esc(s.url)} (${esc(s.label)})</a></div>`,
    );
  side.push(`<section><h2>${esc(t.contact)}</h2>${contact.join('')}</section>`);
  const list = (title: string, items: string[]) =>
    items.length
      ? `<section><h2>${esc(title)}</h2>${items.map((x) => `<div class="it">${esc(x)}</div>`).join('')}</section>`
      : '';
  side.push(list(t.topSkills, pr.topSkills));
  side.push(
    list(
      t.languages,
      pr.languages.map((l) => (l.level ? `${l.name} (${l.level})` : l.name)),
    ),
  );
  side.push(list(t.certifications, pr.certifications));
  side.push(list(t.honors, pr.honors));
  side.push(list(t.publications, pr.publications));

  const main: string[] = [
    `<div class="name">${esc(pr.name)}</div>`,
    `<div class="headline">${esc(pr.headline)}</div>`,
    `<div class="loc">${esc(pr.location)}</div>`,
  ];
  if (pr.summary.length)
    main.push(
      `<h2>${esc(t.summary)}</h2><div class="sum">${pr.summary.map((x) => `<p>${esc(x)}</p>`).join('')}</div>`,
    );
  if (pr.groups.length) {
    main.push(`<h2>${esc(t.experience)}</h2>`);
    for (const [gi, g] of pr.groups.entries()) {
      main.push(`<div class="co${gi === 0 ? ' first' : ''}">${esc(g.company)}</div>`);
      if (g.total) main.push(`<div class="total">${esc(g.total)}</div>`);
      for (const [ri, r] of g.roles.entries()) {
        main.push(`<div class="role${ri > 0 || g.total ? ' next' : ''}">${esc(r.position)}</div>`);
        main.push(`<div class="d">${esc(r.dates)} (${esc(r.duration)})</div>`);
        if (r.location) main.push(`<div class="d">${esc(r.location)}</div>`);
        main.push(descHtml(r));
      }
    }
  }
  if (pr.schools.length) {
    main.push(`<h2>${esc(t.education)}</h2>`);
    for (const [i, s] of pr.schools.entries()) {
      main.push(`<div class="school${i === 0 ? ' first' : ''}">${esc(s.institution)}</div>`);
      const head = [s.degree, s.field].filter(Boolean).join(', ');
      const line = `${head}${s.dates ? `${head ? ' ' : ''}· (${s.dates})` : ''}`;
      if (line) main.push(`<div class="deg">${esc(line)}</div>`);
    }
  }
  return `<!doctype html><html lang="${pr.ui}"><head><meta charset="utf-8"><style>${CSS}</style></head><body><div class="side">${side.join('')}</div><div class="main">${main.join('')}</div></body></html>`;
}

/** The footer Chromium prints on every page: "Page N of M" in the interface language. */
export function linkedInFooter(pr: LinkedInProfile): string {
  const t = linkedInUi[pr.ui];
  const text = esc(t.page('{n}', '{m}'))
    .replace('{n}', '<span class="pageNumber"></span>')
    .replace('{m}', '<span class="totalPages"></span>');
  return `<div style="width:100%;box-sizing:border-box;padding-left:223.6pt;padding-right:36pt;text-align:center;font-size:9pt;color:#6b6b6b;font-family:'Liberation Sans',Arial,sans-serif">${text}</div>`;
}

/** The gold of a profile, by the LinkedIn conventions (corpus/linkedin/README.md). */
export function linkedInGold(pr: LinkedInProfile): ResumeData {
  const contact: NonNullable<ResumeData['contact']> = {
    name: pr.name,
    title: pr.headline,
    email: pr.email,
    location: pr.location,
  };
  if (pr.phone) contact.phone = pr.phone;
  const li = pr.sites.find((s) => s.kind === 'linkedin');
  if (li) contact.linkedin = li.url;
  const gh = pr.sites.find((s) => s.kind === 'github');
  if (gh) contact.github = gh.url;
  const other = pr.sites.find((s) => s.kind === 'other');
  if (other) contact.portfolio = other.url;
  const g: ResumeData = { contact };
  if (pr.summary.length) g.summary = pr.summary.join(' ');
  const experience = pr.groups.flatMap((gr) =>
    gr.roles.map((r) => ({
      company: r.company,
      position: r.position,
      dates: r.dates,
      ...(r.location ? { location: r.location } : {}),
      ...(r.items.length ? { description: [...r.items] } : {}),
    })),
  );
  if (experience.length) g.experience = experience;
  if (pr.schools.length)
    g.education = pr.schools.map((s) => {
      // "Degree, Field": the degree is the text before the first comma, the field the rest
      const head = [s.degree, s.field].filter(Boolean).join(', ');
      const comma = head.indexOf(',');
      const degree = comma >= 0 ? head.slice(0, comma).trim() : head;
      const field = comma >= 0 ? head.slice(comma + 1).trim() : '';
      return {
        institution: s.institution,
        ...(degree ? { degree } : {}),
        ...(field ? { field_of_study: field } : {}),
        ...(s.dates ? { dates: s.dates } : {}),
      };
    });
  const skills: NonNullable<ResumeData['skills']> = {};
  if (pr.topSkills.length) skills.technical = [...pr.topSkills];
  if (pr.certifications.length) skills.certifications = [...pr.certifications];
  if (Object.keys(skills).length) g.skills = skills;
  if (pr.languages.length) g.verbal_languages = pr.languages.map((l) => l.name);
  if (pr.honors.length) g.awards = [...pr.honors];
  if (pr.publications.length) g.publications = pr.publications.map((title) => ({ title }));
  return g;
}
