import type { ResumeData } from '@folio/core';

/** The longest portfolio name (portfolioNameSchema). */
const MAX_NAME = 80;

/**
 * A name for a portfolio the user did not name: the person's name read from the resume, else the
 * file's name, else "My Portfolio"; with " 2", " 3"… when the user already has one so named
 * (names are unique per user, compared case-insensitively).
 */
export function nameFor(data: ResumeData, fileName: string | null, taken: readonly string[]) {
  const fromFile = fileName
    ?.replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  const base = (data.contact?.name?.trim() || fromFile || 'My Portfolio').slice(0, MAX_NAME - 4);
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
  return name;
}
