import { MAX_UPLOAD_BYTES, resumeDataSchema, type ResumeData } from '@folio/core';
import { fromJsonResume } from '@folio/parser/json-resume';

/** A JSON Resume file that cannot be imported; the message is what the user reads. */
export class JsonResumeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonResumeError';
  }
}

/** Top-level sections of JSON Resume schema 1.0 and the JSON type each one has. */
const sections = {
  basics: 'object',
  work: 'array',
  volunteer: 'array',
  education: 'array',
  awards: 'array',
  certificates: 'array',
  publications: 'array',
  skills: 'array',
  languages: 'array',
  interests: 'array',
  references: 'array',
  projects: 'array',
} as const;

function isJsonResume(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const obj = value as Record<string, unknown>;
  let found = 0;
  for (const [key, kind] of Object.entries(sections)) {
    const v = obj[key];
    if (v === undefined) continue;
    const ok =
      kind === 'array' ? Array.isArray(v) : !!v && typeof v === 'object' && !Array.isArray(v);
    if (!ok) return false;
    found += 1;
  }
  return found > 0;
}

/**
 * Reads a `resume.json` (JSON Resume schema 1.0) and converts it to resume data, every value kept
 * (see packages/parser json-resume.ts). Throws a JsonResumeError for a file that is too large,
 * not JSON, JSON that is not a resume, or a resume over the content limits.
 */
export async function readJsonResume(file: File): Promise<ResumeData> {
  if (file.size > MAX_UPLOAD_BYTES) throw new JsonResumeError('File size must be less than 5MB');
  let value: unknown;
  try {
    value = JSON.parse(await file.text()) as unknown;
  } catch {
    throw new JsonResumeError(`${file.name} is not valid JSON.`);
  }
  if (!isJsonResume(value)) {
    throw new JsonResumeError(
      `${file.name} is not a JSON Resume. Expected an object with "basics", "work", "education" or other JSON Resume sections.`,
    );
  }
  const data = fromJsonResume(value);
  if (!hasContent(data)) {
    throw new JsonResumeError(`${file.name} has no resume content that could be imported.`);
  }
  // The server would refuse it: say so before anything is created.
  const checked = resumeDataSchema.safeParse(data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    throw new JsonResumeError(
      `${file.name} cannot be imported${where}: ${issue?.message ?? 'invalid resume'}.`,
    );
  }
  return data;
}

/** True when anything in the data holds text (empty strings, lists and objects do not count). */
function hasContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number' || typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.some(hasContent);
  if (value && typeof value === 'object') return Object.values(value).some(hasContent);
  return false;
}
