/**
 * Sections the resume shape has no place of its own for: a heading of unknown kind ("Patents",
 * "Teaching Philosophy", a heading known by its style alone), interests, references. Nothing is
 * thrown away (ADR 46): each comes through as a custom section under its own
 * heading, one entry per block of its lines, for the user to keep, rename or delete.
 */
import type { CustomEntry, CustomSection } from '@folio/core';
import { splitBlocks } from './entries.ts';
import type { Section } from './sections.ts';
import { lineText, type Line } from './types.ts';

/** Kinds read as custom sections. */
export const CUSTOM_KINDS: readonly Section['kind'][] = ['other', 'interests', 'references'];

/** Most custom sections and entries read from one document (the model's caps are larger). */
const MAX_SECTIONS = 20;
const MAX_ENTRIES = 100;

function entryOf(head: Line[], extra: string[], body: string[]): CustomEntry | null {
  const title = head
    .map((l) => lineText(l).trim())
    .filter(Boolean)
    .join(' ');
  const description = [...extra, ...body].map((t) => t.trim()).filter(Boolean);
  if (!title && description.length === 0) return null;
  const e: CustomEntry = {};
  if (title) e.title = title;
  if (description.length) e.description = description;
  return e;
}

/** One custom section per section given, lines in `taken` left out (read elsewhere); empty ones dropped. */
export function customSections(sections: Section[], taken: ReadonlySet<Line>): CustomSection[] {
  const out: CustomSection[] = [];
  for (const s of sections) {
    // a "heading" with no letter is an icon ("✉"): the contact rows beside it are read as contact
    if (!/\p{L}/u.test(s.title)) continue;
    const lines = s.lines.filter((l) => !taken.has(l));
    if (lines.length === 0) continue;
    const entries = splitBlocks(lines)
      .map((b) => entryOf(b.head, b.extra, b.body))
      .filter((e): e is CustomEntry => e !== null)
      .slice(0, MAX_ENTRIES);
    if (entries.length) out.push({ title: s.title.trim(), entries });
    if (out.length >= MAX_SECTIONS) break;
  }
  return out;
}
