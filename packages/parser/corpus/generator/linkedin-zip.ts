/**
 * The LinkedIn data export family: personas of the bank written as the ZIP of CSV files LinkedIn
 * sends ("Get a copy of your data"), with the gold a perfect reader gives. Not a layout family
 * (nothing is printed): it is the data the reader maps field by field, so its claim is exact
 * equality with the gold (linkedin-zip.test.ts), not a score.
 *
 * What varies, as real exports do: the interface of the export (files in a dated folder or at the
 * top, CRLF or LF, a byte order mark, a "Notes:" preamble, extra columns, columns in another
 * order, `&amp;` for "&"), optional files missing at random, several roles at one company,
 * non-ASCII names (and Chinese names, family name first), multi-line descriptions with or without
 * bullet glyphs, dates as LinkedIn writes them ("Jan 2020", "2019"), eight languages, three
 * lengths. The column sets are those of packages/parser/README.md ("LinkedIn data export").
 *
 * The gold follows ../linkedin/README.md and ../real/README.md as the export states them: one
 * experience entry per position, description items one per line (bullet glyph dropped), dates as
 * every import shows them ("Jan 2020 – Present", "2014 – 2018", a single date once),
 * certifications by name under skills, languages without proficiency, honours to awards,
 * volunteering as "Role, Organisation" and education activities to extracurricular.
 */
import type { ResumeData } from '@folio/core';
import JSZip from 'jszip';
import { langs, languageLevels, type Lang } from './bank/languages.ts';
import { makePersona, TODAY, type Persona } from './persona.ts';
import { makeRng, type Rng } from './rng.ts';

export const LINKEDIN_ZIP_FAMILY = 'linkedin-data-export';
export const linkedInZipImitates =
  'LinkedIn data export ("Get a copy of your data"): a ZIP of CSV files, read field by field';

/** One generated export: its files (path → text) and its gold. */
export interface LinkedInExportDoc {
  name: string;
  lang: Lang;
  files: Record<string, string>;
  gold: ResumeData;
}

interface YM {
  y: number;
  m: number;
}
const MON = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const addMonths = (d: YM, n: number): YM => {
  const t = d.y * 12 + (d.m - 1) + n;
  return { y: Math.floor(t / 12), m: (t % 12) + 1 };
};

/** How the export writes a date: "Jan 2020", or the year alone. */
const written = (d: YM | undefined, yearOnly: boolean): string =>
  !d ? '' : yearOnly ? String(d.y) : `${MON[d.m - 1]} ${d.y}`;

/** How Folio shows an imported range (the gold's dates). */
function shown(start: string, end: string): string | undefined {
  if (start && end) return start === end ? start : `${start} – ${end}`;
  if (start) return `${start} – Present`;
  return end || undefined;
}

/** RFC 4180: a field with a comma, quote, line break or edge space is quoted, quotes doubled. */
const field = (s: string): string =>
  /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;

interface Style {
  eol: string;
  bom: boolean;
  /** "&" written as "&amp;" (some exports do). */
  ampersand: boolean;
}

/**
 * A CSV file: the named columns in a shuffled order, with extra columns LinkedIn may add, maybe
 * after a "Notes:" preamble.
 */
function csv(
  rng: Rng,
  style: Style,
  columns: readonly string[],
  rows: Record<string, string>[],
  o: { preamble?: string } = {},
): string {
  const extras = ['Id', 'Visibility', 'Last Updated', 'Source'];
  const cols = rng.chance(0.5) ? rng.sample(columns, columns.length) : [...columns];
  if (rng.chance(0.4)) cols.splice(rng.int(0, cols.length), 0, rng.pick(extras));
  const enc = (s: string) => (style.ampersand ? s.replace(/&/g, '&amp;') : s);
  const lines = [
    ...(o.preamble ? ['Notes:', field(o.preamble), ''] : []),
    cols.map(field).join(','),
    ...rows.map((r) =>
      cols.map((c) => field(enc((r[c] ?? '').replace(/\n/g, style.eol)))).join(','),
    ),
  ];
  return `${style.bom ? '\uFEFF' : ''}${lines.join(style.eol)}${style.eol}`;
}

/** A description as a person writes it on LinkedIn: lines, with or without glyphs, or one run. */
function description(rng: Rng, items: string[]): string {
  const way = rng.pick(['lines', 'bullets', 'dashes', 'run'] as const);
  if (way === 'run' && items.length > 1) return items.map((b) => `• ${b}`).join(' ');
  const glyph = way === 'bullets' ? '• ' : way === 'dashes' ? '- ' : '';
  return items.map((b) => `${glyph}${b}`).join('\n');
}

/** First and last name as the export's two columns (a Chinese name: one-character family name). */
function nameParts(p: Persona): { first: string; last: string } {
  if (p.lang === 'zh' || !p.name.includes(' '))
    return { first: p.name.slice(1), last: p.name.slice(0, 1) };
  const at = p.name.indexOf(' ');
  return { first: p.name.slice(0, at), last: p.name.slice(at + 1) };
}

const url = (s: string) => (/^https?:\/\//.test(s) ? s : `https://${s}`);

/** One export of one persona. */
export function linkedInExport(rng: Rng, lang: Lang, size: 'short' | 'normal' | 'long') {
  const p = makePersona(rng.fork('persona'), {
    lang,
    size,
    dateStyle: 'mon-yyyy',
    links: true,
    headline: rng.chance(0.85),
    summary: rng.chance(0.8),
    expLocation: rng.chance(0.75),
    projects: rng.chance(0.5),
    publications: rng.chance(0.3),
    awards: rng.chance(0.5),
    volunteering: rng.chance(0.5),
    certifications: rng.chance(0.6),
    languages: true,
    interests: false,
    references: false,
  });
  const r = rng.fork('export');
  const style: Style = {
    eol: r.pick(['\r\n', '\n']),
    bom: r.chance(0.3),
    ampersand: r.chance(0.3),
  };
  const folder = r.pick(['', 'Basic_LinkedInDataExport_10-04-2026/', 'LinkedIn Export/']);
  const files: Record<string, string> = {};
  const gold: ResumeData = {};
  const put = (name: string, text: string) => (files[`${folder}${name}`] = text);
  /** Optional files are left out of some exports (the person chose what to download). */
  const has = () => r.chance(0.8);

  // Profile
  const { first, last } = nameParts(p);
  const sites = [
    ...(p.portfolio ? [`[PORTFOLIO:${url(p.portfolio)}]`] : []),
    ...(p.github ? [`[OTHER:${url(p.github)}]`] : []),
  ];
  // a summary of two paragraphs is one quoted cell with line breaks
  const summary = p.summary?.replace(/\. /, r.chance(0.5) ? '.\n\n' : '. ');
  put(
    'Profile.csv',
    csv(
      r,
      style,
      [
        'First Name',
        'Last Name',
        'Maiden Name',
        'Address',
        'Birth Date',
        'Headline',
        'Summary',
        'Industry',
        'Zip Code',
        'Geo Location',
        'Twitter Handles',
        'Websites',
        'Instant Messengers',
      ],
      [
        {
          'First Name': first,
          'Last Name': last,
          'Birth Date': r.chance(0.3)
            ? `${MON[r.int(0, 11)]} ${r.int(1, 28)}, ${r.int(1970, 2000)}`
            : '',
          Headline: p.title ?? '',
          Summary: summary ?? '',
          Industry: p.profession.key,
          'Geo Location': p.location ?? '',
          Websites: sites.join(','),
        },
      ],
    ),
  );
  gold.contact = {
    name: p.name,
    ...(p.title ? { title: p.title } : {}),
    ...(p.location ? { location: p.location } : {}),
    ...(p.github ? { github: url(p.github) } : {}),
    ...(p.portfolio ? { portfolio: url(p.portfolio) } : {}),
  };
  if (p.summary) gold.summary = p.summary;

  if (has()) {
    const old = r.chance(0.4);
    put(
      'Email Addresses.csv',
      csv(
        r,
        style,
        ['Email Address', 'Confirmed', 'Primary', 'Updated On'],
        [
          ...(old ? [{ 'Email Address': `old.${p.email}`, Confirmed: 'Yes', Primary: 'No' }] : []),
          { 'Email Address': p.email, Confirmed: 'Yes', Primary: 'Yes', 'Updated On': '9/1/24' },
        ],
      ),
    );
    gold.contact.email = p.email;
  }
  if (has()) {
    put(
      'PhoneNumbers.csv',
      csv(r, style, ['Extension', 'Number', 'Type'], [{ Number: p.phone, Type: 'Mobile' }]),
    );
    gold.contact.phone = p.phone;
  }

  // Positions: newest first, going back from "today"; at least two roles at one company
  const roles = p.experience.map((e) => ({ ...e }));
  if (roles.length >= 2 && !roles.some((e, i) => i > 0 && e.company === roles[i - 1]!.company)) {
    const i = r.int(0, roles.length - 2);
    roles[i + 1]!.company = roles[i]!.company;
    roles[i + 1]!.location = roles[i]!.location;
  }
  let end: YM | undefined = r.chance(0.7) ? undefined : addMonths(TODAY, -r.int(1, 6));
  const positions = roles.map((e) => {
    const start = addMonths(end ?? TODAY, -r.int(8, 40));
    const yearOnly = r.chance(0.1);
    const row = {
      'Company Name': e.company,
      Title: e.position,
      Description: e.bullets.length ? description(r, e.bullets) : '',
      Location: e.location ?? '',
      'Started On': written(start, yearOnly),
      'Finished On': written(end, yearOnly),
    };
    end = addMonths(start, -r.int(0, 3));
    return row;
  });
  put(
    'Positions.csv',
    csv(
      r,
      style,
      ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On'],
      positions,
    ),
  );
  gold.experience = roles.map((e, i) => ({
    company: e.company,
    position: e.position,
    ...(e.location ? { location: e.location } : {}),
    dates: shown(positions[i]!['Started On'], positions[i]!['Finished On'])!,
    ...(e.bullets.length ? { description: [...e.bullets] } : {}),
  }));

  const extracurricular: string[] = [];
  const activities: string[] = [];
  if (p.education.length && has()) {
    let y = end?.y ?? TODAY.y - 5;
    const rows = p.education.map((e) => {
      const years = r.int(2, 4);
      const yearOnly = r.chance(0.75);
      const s: YM = { y: y - years, m: 9 };
      const f: YM = { y, m: 6 };
      y -= years + r.int(0, 1);
      const activity = r.chance(0.2) ? r.pick(['Chess club', 'Debating society', 'Orchestra']) : '';
      if (activity) activities.push(activity);
      return {
        'School Name': e.institution,
        'Start Date': written(s, yearOnly),
        'End Date': written(f, yearOnly),
        Notes: e.gpa ? `${e.gpa.label} ${e.gpa.value}` : '',
        'Degree Name': e.degreeLine,
        Activities: activity,
      };
    });
    put(
      'Education.csv',
      csv(
        r,
        style,
        ['School Name', 'Start Date', 'End Date', 'Notes', 'Degree Name', 'Activities'],
        rows,
      ),
    );
    gold.education = rows.map((x) => ({
      institution: x['School Name'],
      degree: x['Degree Name'],
      dates: shown(x['Start Date'], x['End Date'])!,
      ...(x.Notes ? { achievements: [x.Notes] } : {}),
    }));
  }

  const skills = p.skills.flatMap((g) => g.items);
  if (skills.length && has()) {
    put(
      'Skills.csv',
      csv(
        r,
        style,
        ['Name'],
        skills.map((s) => ({ Name: s })),
      ),
    );
    gold.skills = { technical: skills };
  }
  if (p.certifications.length && has()) {
    put(
      'Certifications.csv',
      csv(
        r,
        style,
        ['Name', 'Url', 'Authority', 'Started On', 'Finished On', 'License Number'],
        p.certifications.map((c) => ({
          Name: c,
          Authority: c.split(' ')[0] ?? '',
          'Started On': written(addMonths(TODAY, -r.int(6, 60)), false),
          'License Number': r.chance(0.5) ? `LN-${r.int(10000, 99999)}` : '',
        })),
      ),
    );
    gold.skills = { ...gold.skills, certifications: [...p.certifications] };
  }
  if (p.languages.length && has()) {
    const levels = languageLevels.en;
    put(
      'Languages.csv',
      csv(
        r,
        style,
        ['Name', 'Proficiency'],
        p.languages.map((l, i) => ({
          Name: l.name,
          Proficiency: levels[Math.min(i, levels.length - 1)]!,
        })),
      ),
    );
    gold.verbal_languages = p.languages.map((l) => l.name);
  }
  if (p.projects.length && has()) {
    const rows = p.projects.map((x) => ({
      Title: x.name,
      Description: description(r, x.bullets),
      Url: x.url ? url(x.url) : '',
      'Started On': written(addMonths(TODAY, -r.int(12, 40)), false),
      'Finished On': r.chance(0.5) ? written(addMonths(TODAY, -r.int(1, 11)), false) : '',
    }));
    put(
      'Projects.csv',
      csv(r, style, ['Title', 'Description', 'Url', 'Started On', 'Finished On'], rows),
    );
    gold.projects = rows.map((x, i) => ({
      name: x.Title,
      ...(x.Url ? { url: x.Url } : {}),
      dates: shown(x['Started On'], x['Finished On'])!,
      description: [...p.projects[i]!.bullets],
    }));
  }
  if (p.awards.length && has()) {
    put(
      'Honors.csv',
      csv(
        r,
        style,
        ['Title', 'Description', 'Issued On'],
        p.awards.map((a) => ({
          Title: a,
          'Issued On': written(addMonths(TODAY, -r.int(6, 80)), false),
        })),
      ),
    );
    gold.awards = [...p.awards];
  }
  if (p.publications.length && has()) {
    put(
      'Publications.csv',
      csv(
        r,
        style,
        ['Name', 'Published On', 'Description', 'Publisher', 'Url'],
        p.publications.map((x) => ({
          Name: x.title,
          'Published On': `${MON[r.int(0, 11)]} ${r.int(1, 28)}, ${x.year}`,
          Description: `With ${x.authors}.`,
          Publisher: x.venue,
        })),
      ),
    );
    gold.publications = p.publications.map((x) => ({ title: x.title, venue: x.venue }));
  }
  if (p.volunteering.length && has()) {
    put(
      'Volunteering.csv',
      csv(
        r,
        style,
        ['Company Name', 'Role', 'Cause', 'Started On', 'Finished On', 'Description'],
        p.volunteering.map((v) => {
          const at = v.indexOf(', ');
          return {
            Role: at < 0 ? v : v.slice(0, at),
            'Company Name': at < 0 ? '' : v.slice(at + 2),
            Cause: r.pick(['Education', 'Social Services', 'Children', '']),
            'Started On': written(addMonths(TODAY, -r.int(24, 90)), false),
          };
        }),
      ),
    );
    extracurricular.push(...p.volunteering);
  }
  extracurricular.push(...(files[`${folder}Education.csv`] ? activities : []));
  if (extracurricular.length) gold.extracurricular = extracurricular;

  // files every export has that are not resume data: never read
  put(
    'Connections.csv',
    csv(
      r,
      style,
      ['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'],
      [{ 'First Name': 'Kim', 'Last Name': 'Lee', Company: 'Elsewhere', Position: 'Analyst' }],
      {
        preamble:
          'When exporting your connection data, you may notice that some of the email addresses are missing.',
      },
    ),
  );
  put(
    'Registration.csv',
    csv(r, style, ['Registered At', 'Registration Ip'], [{ 'Registered At': '1/2/15' }]),
  );
  return { persona: p, files, gold };
}

/** The family's exports: languages in turn, lengths in turn, from the seed. */
export function planLinkedInExports(seed: string, count: number): LinkedInExportDoc[] {
  const sizes = ['short', 'normal', 'long'] as const;
  return Array.from({ length: count }, (_, i) => {
    const rng = makeRng(`${seed}:${LINKEDIN_ZIP_FAMILY}:${i}`);
    const lang = langs[i % langs.length]!;
    const { files, gold } = linkedInExport(rng, lang, sizes[i % sizes.length]!);
    return {
      name: `${LINKEDIN_ZIP_FAMILY}-${String(i + 1).padStart(2, '0')}-${lang}`,
      lang,
      files,
      gold,
    };
  });
}

/** The files as a ZIP archive (deflated, as LinkedIn sends it). */
export function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
