/**
 * LinkedIn's data export ("Settings → Data privacy → Get a copy of your data"): a ZIP of CSV
 * files, read field by field into resume data. Nothing is guessed from layout: every value is a
 * cell of a named column, so a clean export reads exactly and nothing is marked to check.
 *
 * Files are found by name in any folder, case, spaces and underscores ignored ("Email
 * Addresses.csv", "PhoneNumbers.csv"); columns by header name, so their order and extra columns do
 * not matter; a file or column that is missing leaves its fields out. Records before the header
 * (a "Notes:" preamble) are skipped. The columns read, and where they were learned, are listed in
 * README.md ("LinkedIn data export").
 *
 * Dates ("Jan 2020", "2019", "2019-06") are shown as every import shows them (json-resume.ts
 * `printRange`: "Jan 2020 – Present", "2014 – 2018"). The archive is read under the DOCX caps
 * (LINKEDIN_EXPORT_LIMITS): entries counted before it is opened, names that climb out of it
 * refused, and only the known CSV files inflated, each as a stream stopped at its cap.
 */
import { AppError, type Education, type Experience, type ResumeData } from '@folio/core';
import JSZip from 'jszip';
import { cell, readTable, type CsvTable } from './csv.ts';
import { isoDate, printRange } from './json-resume.ts';
import { LINKEDIN_EXPORT_LIMITS as LIMITS, tooLarge } from './limits.ts';
import {
  FILES,
  fileOf,
  NOT_A_LINKEDIN_EXPORT,
  zipEntryNames,
  type FileKey,
} from './linkedin-files.ts';
import { stripBullet } from './text.ts';

type Row = Record<string, string>;

/** A name that leaves the archive's folder ("../x", "/etc/x", "C:\x"): no export has one. */
const climbsOut = (name: string): boolean =>
  /^(?:[/\\]|[a-z]:)/i.test(name) || name.split(/[/\\]/).includes('..');

/** One entry inflated as text, stopped as soon as it passes `maxChars`. */
function readText(file: JSZip.JSZipObject, maxChars: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // internalStream is what JSZipObject.async reads through; it lets the reading stop early
    const stream = (
      file as unknown as { internalStream(type: 'string'): JSZip.JSZipStreamHelper<string> }
    ).internalStream('string');
    const chunks: string[] = [];
    let chars = 0;
    let done = false;
    const stop = (err: unknown) => {
      if (done) return;
      done = true;
      stream.pause();
      reject(
        err instanceof AppError ? err : new AppError('FILE_CORRUPT', undefined, { cause: err }),
      );
    };
    stream
      .on('data', (chunk) => {
        if (done) return;
        chars += chunk.length;
        if (chars > maxChars) stop(tooLarge());
        else chunks.push(chunk);
      })
      .on('error', stop)
      .on('end', () => {
        if (done) return;
        done = true;
        resolve(chunks.join(''));
      })
      .resume();
  });
}

/** The export's tables, by file; the raw text of each file read, for the review. */
interface ExportTables {
  tables: Partial<Record<FileKey, CsvTable>>;
  text: string;
}

async function readTables(bytes: Uint8Array): Promise<ExportTables> {
  const names = zipEntryNames(bytes);
  if (names.length > LIMITS.entries) throw tooLarge();
  if (names.some(climbsOut)) throw new AppError('FILE_CORRUPT');
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch (err) {
    throw new AppError('FILE_CORRUPT', undefined, { cause: err });
  }
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  if (entries.length > LIMITS.entries) throw tooLarge();
  const original = (f: JSZip.JSZipObject) =>
    (f as { unsafeOriginalName?: string }).unsafeOriginalName ?? f.name;
  if (entries.some((f) => climbsOut(original(f)) || original(f) !== f.name))
    throw new AppError('FILE_CORRUPT');
  const declared = (f: JSZip.JSZipObject) =>
    (f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;

  const tables: ExportTables['tables'] = {};
  const texts: string[] = [];
  let total = 0;
  // shallowest path first, so an export's own file wins over a copy in a subfolder
  const known = entries
    .map((f) => ({ f, key: fileOf(f.name) }))
    .filter((x): x is { f: JSZip.JSZipObject; key: FileKey } => x.key !== undefined)
    .sort((a, b) => a.f.name.split('/').length - b.f.name.split('/').length);
  for (const { f, key } of known) {
    if (tables[key]) continue;
    if (declared(f) > LIMITS.fileChars * 4) throw tooLarge();
    const text = await readText(f, LIMITS.fileChars);
    total += text.length;
    if (total > LIMITS.totalChars) throw tooLarge();
    const table = readTable(text, FILES[key].columns, LIMITS.rows + 1);
    if (!table) continue;
    if (table.rows.length > LIMITS.rows) throw tooLarge();
    tables[key] = table;
    texts.push(
      `${f.name.split('/').pop()}\n${text
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .trim()}`,
    );
  }
  return { tables, text: texts.join('\n\n') };
}

// ---------------------------------------------------------------------------------------------
// Values

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A cell as written: HTML entities LinkedIn leaves in some exports ("R&amp;D", "&#39;") decoded,
 * spaces trimmed. Line breaks are kept (descriptions are split on them).
 */
function decode(s: string): string {
  return s
    .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos));/gi, (m, dec, hex, name) => {
      if (name) return ENTITIES[(name as string).toLowerCase()] ?? m;
      const code = dec ? Number(dec) : parseInt(hex as string, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .trim();
}

/** One line of text: the cell's line breaks and runs of spaces become single spaces. */
const line = (row: Row, name: string): string | undefined =>
  decode(cell(row, name)).replace(/\s+/g, ' ') || undefined;

/**
 * A description's items: each line one item, a bullet glyph or dash at its start dropped; a line
 * that is a run of "•" items ("• Led… • Built…") gives one item each.
 */
function items(text: string): string[] {
  const out: string[] = [];
  for (const raw of decode(text).split(/\r\n|\r|\n|\u2028/)) {
    const { text: body, bullet } = stripBullet(raw);
    const parts = bullet ? body.split(/\s+•\s+/) : [body];
    for (const p of parts) {
      const t = p.replace(/\s+/g, ' ').trim();
      if (t) out.push(t);
    }
  }
  return out;
}

/** A start and an end as every import shows them ("Jan 2020 – Present"); text not read as a date is kept. */
function range(row: Row, startCol: string, endCol: string): string | undefined {
  const start = line(row, startCol);
  const end = line(row, endCol)?.replace(/^present$/i, '') || undefined;
  const [s, e] = [start && isoDate(start), end && isoDate(end)];
  if ((start && !s) || (end && !e)) return [start, end].filter(Boolean).join(' – ') || undefined;
  return printRange(s || undefined, e || undefined);
}

const rowsOf = (t: CsvTable | undefined): Row[] => t?.rows ?? [];
const nonEmpty = <T>(xs: (T | undefined)[]): T[] => xs.filter((x): x is T => x !== undefined);
const prune = <T extends object>(o: T): T =>
  Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && !v.length)),
  ) as T;

/**
 * Profile.csv's Websites: "[PORTFOLIO:https://a.dev],[OTHER:https://b.org]" (or bare URLs);
 * the URLs in order.
 */
function websites(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/(?:https?:\/\/|www\.)[^\s,\]]+/gi)].map((m) => m[0]);
}

/** Twitter Handles: "[ada],[adal]" → the first handle. */
const firstHandle = (text: string | undefined): string | undefined =>
  text
    ?.split(/[\s,[\]]+/)
    .map((s) => s.trim())
    .find(Boolean);

/** Han, kana and Hangul only. */
const CJK = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]+$/u;

function contactOf(tables: ExportTables['tables']): ResumeData['contact'] {
  const p = rowsOf(tables.profile)[0] ?? {};
  const [first, last] = [line(p, 'First Name'), line(p, 'Last Name')];
  // Chinese, Japanese and Korean names are written family name first, without a space
  const name =
    first && last && CJK.test(first + last) && !/\s/.test(first + last)
      ? `${last}${first}`
      : [first, last].filter(Boolean).join(' ');
  const emails = rowsOf(tables.emails).filter((r) => line(r, 'Email Address'));
  const email =
    emails.find((r) => /^(?:yes|true)$/i.test(cell(r, 'Primary'))) ??
    emails.find((r) => !/^(?:no|false)$/i.test(cell(r, 'Confirmed'))) ??
    emails[0];
  const phone = rowsOf(tables.phones).find((r) => line(r, 'Number'));
  const sites = websites(line(p, 'Websites'));
  const github = sites.find((u) => /(?:^|\/\/|\.)github\.com\//i.test(u));
  const portfolio = sites.find((u) => u !== github && !/linkedin\.com\//i.test(u));
  const linkedin = sites.find((u) => /linkedin\.com\/in\//i.test(u));
  return prune({
    name: name || undefined,
    title: line(p, 'Headline'),
    email: email && line(email, 'Email Address'),
    phone: phone && line(phone, 'Number'),
    location: line(p, 'Geo Location'),
    linkedin,
    github,
    portfolio,
    twitter: firstHandle(line(p, 'Twitter Handles')),
  });
}

const experienceOf = (r: Row): Experience =>
  prune({
    company: line(r, 'Company Name'),
    position: line(r, 'Title'),
    location: line(r, 'Location'),
    dates: range(r, 'Started On', 'Finished On'),
    description: items(cell(r, 'Description')),
  });

const educationOf = (r: Row): Education =>
  prune({
    institution: line(r, 'School Name'),
    degree: line(r, 'Degree Name'),
    dates: range(r, 'Start Date', 'End Date'),
    achievements: items(cell(r, 'Notes')),
  });

/** A volunteering row as one line, as JSON Resume import shows volunteering: "Role, Organisation". */
const volunteeringOf = (r: Row): string | undefined =>
  [line(r, 'Role'), line(r, 'Company Name')].filter(Boolean).join(', ') || undefined;

/** The resume data of an export's tables (exported for tests). */
export function resumeOfTables(tables: ExportTables['tables']): ResumeData {
  const list = (key: FileKey, col: string) =>
    nonEmpty(rowsOf(tables[key]).map((r) => line(r, col)));
  const hasAny = (o: object) => Object.keys(o).length > 0;
  const skills = prune({
    technical: list('skills', 'Name'),
    certifications: list('certifications', 'Name'),
  });
  const data: ResumeData = prune({
    contact: contactOf(tables),
    summary: line(rowsOf(tables.profile)[0] ?? {}, 'Summary'),
    experience: rowsOf(tables.positions).map(experienceOf).filter(hasAny),
    education: rowsOf(tables.education).map(educationOf).filter(hasAny),
    projects: rowsOf(tables.projects)
      .map((r) =>
        prune({
          name: line(r, 'Title'),
          url: line(r, 'Url'),
          dates: range(r, 'Started On', 'Finished On'),
          description: items(cell(r, 'Description')),
        }),
      )
      .filter(hasAny),
    skills: hasAny(skills) ? skills : undefined,
    awards: list('honors', 'Title'),
    verbal_languages: list('languages', 'Name'),
    publications: rowsOf(tables.publications)
      .map((r) =>
        prune({ title: line(r, 'Name'), venue: line(r, 'Publisher'), url: line(r, 'Url') }),
      )
      .filter(hasAny),
    extracurricular: [
      ...nonEmpty(rowsOf(tables.volunteering).map(volunteeringOf)),
      ...rowsOf(tables.education).flatMap((r) => items(cell(r, 'Activities'))),
    ],
  });
  if (data.contact && !hasAny(data.contact)) delete data.contact;
  return data;
}

/** What a LinkedIn data export holds, and its CSV text (shown beside the fields at review). */
export async function readLinkedInExport(
  bytes: Uint8Array,
): Promise<{ data: ResumeData; text: string }> {
  const { tables, text } = await readTables(bytes);
  if (!Object.keys(tables).length) throw new AppError('UNSUPPORTED_FILE', NOT_A_LINKEDIN_EXPORT);
  const data = resumeOfTables(tables);
  if (!Object.keys(data).length) throw new AppError('FILE_EMPTY');
  return { data, text };
}
