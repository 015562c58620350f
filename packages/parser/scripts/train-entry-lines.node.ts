/**
 * The entry-line model's data and settings (src/model/entry-line.ts); `npm run train:parser`
 * (train.node.ts) trains it after the line-role model, whose sections it reads.
 *
 * Training data: the generated DEVELOPMENT families only (never the held-out ones, split.ts; and
 * not the real corpus, which stays a measure of documents the model never saw). Lines come from
 * the parser's own extraction and sections; each line of an experience, education or projects
 * section is labelled against the document's gold:
 *   - item: the line starts a description item of the gold,
 *   - cont: the line is inside a description item, not at its start,
 *   - head: its words are entry-head words of the gold (role, organisation, place, dates, degree,
 *     field, school, project name);
 * lines that are none of these (or both) are left out.
 */
import type { ResumeData } from '@folio/core';
import { HASH_BUCKETS } from '../src/model/features.ts';
import {
  ENTRY_DENSE,
  ENTRY_LINE_CLASSES,
  entryLineFeatures,
  type EntryLineClass,
} from '../src/model/entry-line.ts';
import { scoreLine, type ModelWeights } from '../src/model/line-role.ts';
import { splitSections } from '../src/sections.ts';
import { normKey } from '../src/text.ts';
import { lineText } from '../src/types.ts';
import { trainLogistic, type Sample } from './logistic.node.ts';
import type { TrainingCorpus } from './training.node.ts';

export const ENTRY_LINE_SEED = 0xe17e5;
export const ENTRY_LINE_EPOCHS = 8;
const RATE = 0.1;
const L2 = 1e-5;
const KINDS = new Set(['experience', 'education', 'projects']);

const cls = (c: EntryLineClass) => ENTRY_LINE_CLASSES.indexOf(c);

/** What a gold file says entries are made of: head words, and description items. */
function goldParts(g: ResumeData): { head: Set<string>; items: string[] } {
  const head = new Set<string>();
  const items: string[] = [];
  const words = (s: unknown) => {
    if (typeof s === 'string') for (const w of normKey(s).split(' ')) if (w) head.add(w);
  };
  for (const e of g.experience ?? []) {
    [e.position, e.company, e.location, e.dates].forEach(words);
    items.push(...(e.description ?? []));
  }
  for (const e of g.education ?? []) {
    [e.degree, e.field_of_study, e.institution, e.dates, e.gpa].forEach(words);
    items.push(...(e.achievements ?? []));
  }
  for (const p of g.projects ?? []) {
    [p.name, p.dates, p.url].forEach(words);
    items.push(...(p.description ?? []));
  }
  return { head, items: items.map(normKey).filter(Boolean) };
}

function label(text: string, gold: { head: Set<string>; items: string[] }): EntryLineClass | null {
  const t = normKey(text);
  if (t.length < 3) return null;
  const start = t.slice(0, Math.min(24, t.length));
  const item = gold.items.some((b) => b.startsWith(start));
  const cont = !item && t.length >= 6 && gold.items.some((b) => b.includes(t));
  const ws = t.split(' ');
  const head = ws.filter((w) => gold.head.has(w)).length >= 0.8 * ws.length;
  if (item && !head) return 'item';
  if (cont && !head) return 'cont';
  if (head && !item && !cont) return 'head';
  return null;
}

/**
 * The model's samples, from the sections the parser finds in the generated development documents
 * (with the line-role model in place, active.ts).
 */
export function entryLineSamples(corpus: TrainingCorpus): Sample[] {
  const samples: Sample[] = [];
  for (const { family, lines, gold: g } of corpus.development) {
    const gold = goldParts(g);
    for (const s of splitSections(lines).sections) {
      if (!KINDS.has(s.kind)) continue;
      const feats = entryLineFeatures(s.lines);
      s.lines.forEach((l, i) => {
        const y = label(lineText(l), gold);
        const x = feats[i];
        if (y && x) samples.push({ dense: x.dense, sparse: x.sparse, y: cls(y), group: family });
      });
    }
  }
  return samples;
}

/** How many samples of each class, for the log. */
export const entryLineCounts = (samples: Sample[]): string =>
  ENTRY_LINE_CLASSES.map((c) => `${c} ${samples.filter((s) => s.y === cls(c)).length}`).join(', ');

export const trainEntryLine = (data: Sample[]): ModelWeights =>
  trainLogistic(data, {
    classes: ENTRY_LINE_CLASSES,
    dense: ENTRY_DENSE,
    buckets: HASH_BUCKETS,
    epochs: ENTRY_LINE_EPOCHS,
    rate: RATE,
    l2: L2,
    seed: ENTRY_LINE_SEED,
    weightOf: () => 1,
  });

/** Accuracy, and precision / recall of "item" at the parser's threshold. */
export function entryLineMetrics(m: ModelWeights, data: Sample[]): string {
  let ok = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const s of data) {
    const p = scoreLine(m, { dense: s.dense, sparse: s.sparse, text: '' });
    let best = 0;
    for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
    if (best === s.y) ok++;
    const sure = (p[cls('item')] ?? 0) >= 0.8;
    if (sure && s.y === cls('item')) tp++;
    else if (sure) fp++;
    else if (s.y === cls('item')) fn++;
  }
  const f = (x: number) => x.toFixed(3);
  return `accuracy ${f(ok / Math.max(1, data.length))}, item (p >= 0.8) P=${f(tp / Math.max(1, tp + fp))} R=${f(tp / Math.max(1, tp + fn))} (${data.length} lines)`;
}
