import type { PortfolioContent, ResumeData, Skills, UncertainField } from '@folio/core';
import { move } from './string-list.ts';

/**
 * The editor's structural edits, pure: move an entry to another section (with its fields mapped),
 * merge two entries, split one, move a skill between groups, edit or move one item of a list.
 * Edits that move entries across lists carry their "Check this" markers along.
 */

/** Sections whose entries can move between each other. */
export const entrySections = [
  'experience',
  'projects',
  'education',
  'volunteering',
  'custom',
] as const;
export type EntrySection = (typeof entrySections)[number];

export const entrySectionLabels: Record<EntrySection, string> = {
  experience: 'Experience',
  projects: 'Projects',
  education: 'Education',
  volunteering: 'Volunteering',
  custom: 'Custom section',
};

/** What a field means, whatever the section calls it. */
type Role = 'title' | 'subtitle' | 'location' | 'dates' | 'url' | 'bullets' | 'tags' | 'extra';
const scalarRoles: Role[] = ['title', 'subtitle', 'location', 'dates', 'url'];
const listRoles: Role[] = ['bullets', 'tags', 'extra'];

/** Each section's field for each role; a role a section lacks is folded into its bullets. */
const fieldOf: Record<EntrySection, Partial<Record<Role, string>>> = {
  experience: {
    title: 'position',
    subtitle: 'company',
    location: 'location',
    dates: 'dates',
    bullets: 'description',
    tags: 'technologies',
    extra: 'achievements',
  },
  projects: {
    title: 'name',
    url: 'url',
    dates: 'dates',
    bullets: 'description',
    tags: 'technologies',
    extra: 'features',
  },
  education: {
    title: 'degree',
    subtitle: 'institution',
    dates: 'dates',
    bullets: 'achievements',
    tags: 'courses',
  },
  volunteering: {
    title: 'role',
    subtitle: 'organisation',
    location: 'location',
    dates: 'dates',
    bullets: 'description',
  },
  custom: { title: 'title', subtitle: 'subtitle', dates: 'date', bullets: 'description' },
};

/** Fields with no role: kept as a labelled bullet when the entry moves. */
const otherFields: Record<string, string> = {
  field_of_study: 'Field of study',
  gpa: 'GPA',
  status: 'Status',
};

type Entry = Record<string, unknown>;

/** Where a list of entries is: "experience", or "custom/0/entries" for a custom section's. */
export function entryListPath(section: EntrySection, customIndex = 0): string {
  return section === 'custom' ? `custom/${customIndex}/entries` : section;
}

function listAt(data: ResumeData, path: string): Entry[] {
  const [section, index] = path.split('/');
  if (section === 'custom') return data.custom?.[Number(index)]?.entries ?? [];
  return ((data as Record<string, unknown>)[section!] ?? []) as Entry[];
}

function withList(data: ResumeData, path: string, list: Entry[]): ResumeData {
  const [section, index] = path.split('/');
  if (section === 'custom') {
    const at = Number(index);
    const custom = [...(data.custom ?? [])];
    custom[at] = { title: custom[at]?.title ?? '', ...custom[at], entries: list };
    return { ...data, custom };
  }
  return { ...data, [section!]: list };
}

const sectionOf = (path: string) => path.split('/')[0] as EntrySection;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const strings = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

/** An entry of one section as an entry of another; `dropped` names what could not be kept. */
export function convertEntry(
  entry: Entry,
  from: EntrySection,
  to: EntrySection,
): { entry: Entry; dropped: string[] } {
  const src = fieldOf[from];
  const dst = fieldOf[to];
  const out: Entry = {};
  const folded: string[] = [];
  const dropped: string[] = [];
  for (const role of scalarRoles) {
    const value = text(src[role] && entry[src[role]]);
    if (!value) continue;
    if (dst[role]) out[dst[role]] = value;
    else folded.push(value);
  }
  for (const [field, label] of Object.entries(otherFields)) {
    const value = text(entry[field]);
    if (value && !Object.values(dst).includes(field)) folded.push(`${label}: ${value}`);
    else if (value) out[field] = value;
  }
  const bullets = dst.bullets!;
  out[bullets] = [...strings(src.bullets && entry[src.bullets])];
  for (const role of listRoles.filter((r) => r !== 'bullets')) {
    const items = strings(src[role] && entry[src[role]]);
    if (!items.length) continue;
    if (dst[role]) out[dst[role]] = [...items];
    else (out[bullets] as string[]).push(...items);
  }
  (out[bullets] as string[]).push(...folded);
  if (from === 'projects' && to !== 'projects' && text(entry.image)) dropped.push('image');
  return { entry: out, dropped };
}

/** The field `field` of a `from` entry is called this in a `to` entry (null: folded into bullets). */
function mappedField(field: string, from: EntrySection, to: EntrySection): string | null {
  const role = (Object.entries(fieldOf[from]) as [Role, string][]).find(
    ([, f]) => f === field,
  )?.[0];
  if (role) return fieldOf[to][role] ?? null;
  return Object.values(fieldOf[to]).includes(field) ? field : null;
}

type Remap = (path: string) => string | null;

function remapMarkers(content: PortfolioContent, remap: Remap): UncertainField[] | undefined {
  const markers = content.settings.uncertain;
  if (!markers) return markers;
  const out: UncertainField[] = [];
  for (const m of markers) {
    const path = remap(m.path);
    if (path !== null) out.push({ ...m, path });
  }
  return out;
}

/** Index and rest of `path` inside list `list` ("experience/2/company" → [2, "company"]). */
function within(list: string, path: string): [number, string[]] | null {
  if (!path.startsWith(`${list}/`)) return null;
  const [index, ...rest] = path.slice(list.length + 1).split('/');
  if (!index || !/^\d+$/.test(index)) return null;
  return [Number(index), rest];
}

const joinPath = (list: string, index: number, rest: string[]) =>
  [list, String(index), ...rest].join('/');

function withData(
  content: PortfolioContent,
  data: ResumeData,
  remap: Remap,
  order?: PortfolioContent['settings']['sectionOrder'],
): PortfolioContent {
  const uncertain = remapMarkers(content, remap);
  const settings = { ...content.settings, ...(order ? { sectionOrder: order } : {}) };
  if (uncertain) settings.uncertain = uncertain;
  return { ...content, data, settings };
}

/**
 * Moves entry `index` of list `fromList` to the end of section `to` (a custom section: the first,
 * made if there is none), its fields mapped (a project's name becomes a position). The target
 * section is added to the visible order if it is not there.
 */
export function moveEntryToSection(
  content: PortfolioContent,
  fromList: string,
  index: number,
  to: EntrySection,
): { content: PortfolioContent; dropped: string[] } {
  const from = sectionOf(fromList);
  const source = listAt(content.data, fromList);
  const entry = source[index];
  if (!entry) return { content, dropped: [] };
  const { entry: moved, dropped } = convertEntry(entry, from, to);
  let data = withList(
    content.data,
    fromList,
    source.filter((_, i) => i !== index),
  );
  if (to === 'custom' && !data.custom?.length)
    data = { ...data, custom: [{ title: 'Other', entries: [] }] };
  const toList = entryListPath(to);
  const target = listAt(data, toList);
  const at = target.length;
  data = withList(data, toList, [...target, moved]);
  const remap: Remap = (path) => {
    const hit = within(fromList, path);
    if (!hit) return path;
    const [i, rest] = hit;
    if (i < index) return path;
    if (i > index) return joinPath(fromList, i - 1, rest);
    if (!rest.length) return joinPath(toList, at, []);
    const field = mappedField(rest[0]!, from, to);
    return joinPath(toList, at, field ? [field, ...rest.slice(1)] : []);
  };
  const order = content.settings.sectionOrder;
  const shown = order.includes(to) ? undefined : [...order, to];
  return { content: withData(content, data, remap, shown), dropped };
}

/** Entry `index` and the one after it as one entry: the first's fields win, lists are joined. */
export function mergeEntries(
  content: PortfolioContent,
  list: string,
  index: number,
): PortfolioContent {
  const entries = listAt(content.data, list);
  const a = entries[index];
  const b = entries[index + 1];
  if (!a || !b) return content;
  const merged: Entry = { ...b, ...a };
  for (const [key, value] of Object.entries(b)) {
    if (Array.isArray(value)) {
      const first = strings(a[key]);
      merged[key] = [...first, ...strings(value).filter((x) => !first.includes(x))];
    } else if (!text(a[key])) merged[key] = value;
  }
  const next = entries.flatMap((e, i) => (i === index ? [merged] : i === index + 1 ? [] : [e]));
  const remap: Remap = (path) => {
    const hit = within(list, path);
    if (!hit || hit[0] <= index) return path;
    return joinPath(list, hit[0] - 1, hit[1]);
  };
  return withData(content, withList(content.data, list, next), remap);
}

/**
 * Entry `index` as two: the second takes bullets from `at` on (and nothing else), the first keeps
 * its fields and the bullets before.
 */
export function splitEntry(
  content: PortfolioContent,
  list: string,
  index: number,
  at: number,
): PortfolioContent {
  const entries = listAt(content.data, list);
  const entry = entries[index];
  if (!entry) return content;
  const field = fieldOf[sectionOf(list)].bullets!;
  const bullets = strings(entry[field]);
  if (at <= 0 || at >= bullets.length) return content;
  const first = { ...entry, [field]: bullets.slice(0, at) };
  const second = { [field]: bullets.slice(at) };
  const next = entries.flatMap((e, i) => (i === index ? [first, second] : [e]));
  const remap: Remap = (path) => {
    const hit = within(list, path);
    if (!hit || hit[0] <= index) return path;
    return joinPath(list, hit[0] + 1, hit[1]);
  };
  return withData(content, withList(content.data, list, next), remap);
}

export type SkillGroup = keyof Skills;

/** Skill `index` of group `from` moved to the end of group `to` (dropped there if already in it). */
export function moveSkill(skills: Skills, from: SkillGroup, index: number, to: SkillGroup): Skills {
  const source = skills[from] ?? [];
  const skill = source[index];
  if (skill === undefined || from === to) return skills;
  const target = skills[to] ?? [];
  const present = target.some((x) => x.toLowerCase() === skill.toLowerCase());
  return {
    ...skills,
    [from]: source.filter((_, i) => i !== index),
    [to]: present ? target : [...target, skill],
  };
}

/** Item `index` of a list changed to `value` (in place). */
export const editItem = (list: readonly string[], index: number, value: string): string[] =>
  list.map((x, i) => (i === index ? value : x));

/** Item `index` one place up (-1) or down (+1); the same list when it cannot move. */
export function nudgeItem<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  return move(list, index, to);
}
