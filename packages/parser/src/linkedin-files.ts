/**
 * The CSV files of LinkedIn's data export that become resume data, and how a ZIP is told to be
 * one: by the names in its central directory, nothing inflated (no JSZip here, so the upload
 * page can ask before it sends the file). Columns are those of LinkedIn's export as documented
 * in packages/parser/README.md ("LinkedIn data export").
 */
import { LINKEDIN_EXPORT_LIMITS as LIMITS } from './limits.ts';

/** The files read, by name key (lower case, no spaces, underscores or hyphens), and their columns. */
export const FILES = {
  profile: {
    names: ['profile.csv'],
    columns: ['First Name', 'Last Name', 'Headline', 'Summary', 'Geo Location', 'Websites'],
  },
  positions: {
    names: ['positions.csv'],
    columns: ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On'],
  },
  education: {
    names: ['education.csv'],
    columns: ['School Name', 'Start Date', 'End Date', 'Notes', 'Degree Name', 'Activities'],
  },
  skills: { names: ['skills.csv'], columns: ['Name'] },
  languages: { names: ['languages.csv'], columns: ['Name', 'Proficiency'] },
  certifications: {
    names: ['certifications.csv'],
    columns: ['Name', 'Url', 'Authority', 'Started On', 'Finished On', 'License Number'],
  },
  projects: {
    names: ['projects.csv'],
    columns: ['Title', 'Description', 'Url', 'Started On', 'Finished On'],
  },
  honors: { names: ['honors.csv'], columns: ['Title', 'Description', 'Issued On'] },
  publications: {
    names: ['publications.csv'],
    columns: ['Name', 'Published On', 'Description', 'Publisher', 'Url'],
  },
  volunteering: {
    names: ['volunteering.csv', 'volunteerexperiences.csv'],
    columns: ['Company Name', 'Role', 'Cause', 'Started On', 'Finished On', 'Description'],
  },
  emails: {
    names: ['emailaddresses.csv'],
    columns: ['Email Address', 'Confirmed', 'Primary', 'Updated On'],
  },
  phones: { names: ['phonenumbers.csv'], columns: ['Extension', 'Number', 'Type'] },
} as const;
export type FileKey = keyof typeof FILES;

/** "Basic_LinkedInDataExport/Email Addresses.csv" → "emailaddresses.csv". */
const nameKey = (path: string): string =>
  (path.split(/[/\\]/).pop() ?? '').toLowerCase().replace(/[\s_-]+/g, '');
export const fileOf = (path: string): FileKey | undefined =>
  (Object.keys(FILES) as FileKey[]).find((k) =>
    (FILES[k].names as readonly string[]).includes(nameKey(path)),
  );

/**
 * The names of a zip's entries, read from its central directory headers ("PK\1\2") without
 * inflating anything; at most `max` (a count beyond it means too many entries).
 */
export function zipEntryNames(b: Uint8Array, max = LIMITS.entries + 1): string[] {
  const names: string[] = [];
  const latin1 = new TextDecoder('latin1');
  for (let i = b.indexOf(0x50); i >= 0 && i + 46 <= b.length; i = b.indexOf(0x50, i + 1)) {
    if (b[i + 1] !== 0x4b || b[i + 2] !== 0x01 || b[i + 3] !== 0x02) continue;
    const length = b[i + 28]! | (b[i + 29]! << 8);
    names.push(latin1.decode(b.subarray(i + 46, i + 46 + length)));
    if (names.length >= max) break;
  }
  return names;
}

/** A zip holding at least one of the CSV files of LinkedIn's data export (by name only). */
export function isLinkedInExport(bytes: Uint8Array): boolean {
  return zipEntryNames(bytes).some((n) => fileOf(n) !== undefined);
}

/** Why a zip that is no LinkedIn data export is refused (UNSUPPORTED_FILE). */
export const NOT_A_LINKEDIN_EXPORT =
  'This ZIP archive is not a LinkedIn data export (it holds no Profile.csv, Positions.csv or other LinkedIn CSV file). Please choose your resume file, or the ZIP LinkedIn sends you.';
