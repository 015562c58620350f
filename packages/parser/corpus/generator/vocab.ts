/**
 * Held-out words: every word bank a persona draws from (role titles, employers, bullets, skills,
 * tools, projects, research topics, section headings, degrees, universities, sub-labels) is cut
 * into two disjoint halves by a stable hash of each item. Development families draw only from
 * the `train` half and held-out families (split.ts) only from the `held-out` half, so a held-out
 * score measures documents whose words no training document printed, not only unseen layouts.
 *
 * An item's half depends on its own text and VOCAB_KEY only, so adding a word to a bank never
 * moves another. A list whose hash leaves one half too small is cut by hash rank instead; a list of
 * one item (a field of study, a language's only doctorate) is shared by both halves.
 * Rotate VOCAB_KEY together with split.ts's ROTATION_KEY, never to make a score look better.
 */
import type { Lang, SectionKey } from './bank/languages.ts';
import type { Profession } from './bank/professions.ts';
import { hash32 } from './rng.ts';

export const VOCAB_KEY = 'vocab-2026-11-a';

/** `all`: the whole bank (tests and tools that make one persona by hand). */
export type Vocab = 'train' | 'held-out' | 'all';

const side = (s: string) => hash32(`${VOCAB_KEY}:${s}`) & 1;

/** The items of one half of a list (the whole list for `all` or a list of one). */
export function half<T>(
  list: readonly T[],
  vocab: Vocab,
  key: (x: T) => string = String,
  min = 1,
): T[] {
  if (vocab === 'all' || list.length < 2 * min) return [...list];
  const want = vocab === 'held-out' ? 1 : 0;
  const byHash = list.filter((x) => side(key(x)) === want);
  if (byHash.length >= min && list.length - byHash.length >= min) return byHash;
  // one half came out too small: cut by hash rank, keeping the printed order
  const ranked = [...list].sort((a, b) => hash32(key(a)) - hash32(key(b)));
  const keep = new Set(ranked.filter((_, i) => i % 2 === want));
  return list.filter((x) => keep.has(x));
}

const halfRecord = <K extends string, T>(
  r: Record<K, readonly T[]>,
  vocab: Vocab,
): Record<K, T[]> =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, half(v as readonly T[], vocab)]),
  ) as Record<K, T[]>;

/** A profession with its word lists cut to one half. */
export function professionHalf(p: Profession, vocab: Vocab): Profession {
  if (vocab === 'all') return p;
  // (two employers at least: consecutive roles are at different companies)
  const employers = (list: readonly string[]) => half(list, vocab, String, 2);
  return {
    ...p,
    titles: halfRecord(p.titles, vocab),
    employers: employers(p.employers),
    employersZh: employers(p.employersZh),
    bullets: half(p.bullets, vocab),
    technical: half(p.technical, vocab),
    technicalZh: half(p.technicalZh, vocab),
    tools: half(p.tools, vocab),
    certifications: half(p.certifications, vocab),
    projects: half(p.projects, vocab),
    topics: p.topics.length >= 4 ? half(p.topics, vocab) : p.topics,
  };
}

/** Section heading synonyms of one language, each list cut to one half. */
export const headingsHalf = (
  h: Record<SectionKey, readonly string[]>,
  vocab: Vocab,
): Record<SectionKey, string[]> => halfRecord(h, vocab);

/** Degrees of one language by level, each list cut to one half. */
export const degreesHalf = <K extends string>(d: Record<K, readonly string[]>, vocab: Vocab) =>
  halfRecord(d, vocab);

/**
 * Sub-labels some resumes print inside an entry, above its bullets ("Key achievements:",
 * "Responsibilities:"): never in the gold.
 */
export const subLabels: Record<Lang, readonly string[]> = {
  en: [
    'Key achievements:',
    'Responsibilities:',
    'Main duties:',
    'Achievements:',
    'Key responsibilities:',
    'Highlights:',
    'Accomplishments:',
    'Duties:',
  ],
  de: ['Aufgaben:', 'Erfolge:', 'Tätigkeiten:', 'Verantwortlichkeiten:', 'Schwerpunkte:'],
  fr: ['Missions :', 'Réalisations :', 'Responsabilités :', 'Principales missions :'],
  es: ['Funciones:', 'Logros:', 'Responsabilidades:', 'Tareas principales:'],
  it: ['Mansioni:', 'Risultati:', 'Responsabilità:', 'Attività principali:'],
  pt: ['Atividades:', 'Resultados:', 'Responsabilidades:', 'Principais conquistas:'],
  nl: ['Taken:', 'Resultaten:', 'Verantwoordelijkheden:', 'Werkzaamheden:'],
  zh: ['工作职责：', '主要业绩：', '工作内容：', '项目成果：'],
};
