/**
 * The head-part model's data and settings (src/model/head-part.ts); `npm run train:parser`
 * (train.node.ts) trains it after the line models, whose sections and entries it reads.
 *
 * Training data: the generated DEVELOPMENT families only (never the held-out ones, split.ts; and
 * not the real corpus, which stays a measure of documents the model never saw). Entry heads come
 * from the parser's own extraction, sections, entry blocks and head rules (the candidate parts
 * of `experienceHead`); each head is matched to the gold entry whose company and position contain
 * most of its candidates, and each candidate is labelled with the field of that entry that
 * contains it word for word. Candidates in neither field, and heads that match no gold entry,
 * are left out.
 */
import type { Experience } from '@folio/core';
import { splitBlocks } from '../src/entries.ts';
import { itemStarts } from '../src/model/entry-line.ts';
import { HASH_BUCKETS } from '../src/model/features.ts';
import { experienceHead } from '../src/fields.ts';
import {
  candidateParts,
  HEAD_DENSE,
  HEAD_PART_CLASSES,
  headPartFeatures,
  type HeadPartClass,
} from '../src/model/head-part.ts';
import { scoreLine, type ModelWeights } from '../src/model/line-role.ts';
import { splitSections } from '../src/sections.ts';
import { normKey } from '../src/text.ts';
import { trainLogistic, type Sample } from './logistic.node.ts';
import type { TrainingCorpus } from './training.node.ts';

export const HEAD_PART_SEED = 0x4ead;
export const HEAD_PART_EPOCHS = 10;
const RATE = 0.1;
const L2 = 1e-5;
const FIELDS = ['company', 'position'] as const;

const cls = (c: HeadPartClass) => HEAD_PART_CLASSES.indexOf(c);

/** The field of a gold entry whose words contain the part's words in order, if any. */
function fieldOf(part: string, e: Experience): HeadPartClass | null {
  const t = ` ${normKey(part)} `;
  if (t.trim().length < 2) return null;
  let best: HeadPartClass | null = null;
  let share = 0;
  for (const f of FIELDS) {
    const v = e[f];
    if (typeof v !== 'string' || !v.trim()) continue;
    const g = ` ${normKey(v)} `;
    if (g.includes(t) && t.length / g.length > share) {
      share = t.length / g.length;
      best = f;
    }
  }
  return best;
}

/**
 * The model's samples, from the entry heads the parser finds in the generated development
 * documents (with the line-role and entry-line models in place, active.ts).
 */
export function headPartSamples(corpus: TrainingCorpus): { samples: Sample[]; heads: number } {
  const samples: Sample[] = [];
  let heads = 0;
  for (const { family, lines, gold: g } of corpus.development) {
    const gold = g.experience ?? [];
    for (const s of splitSections(lines).sections) {
      if (s.kind !== 'experience') continue;
      for (const block of splitBlocks(s.lines, itemStarts(s.lines))) {
        const { h, cands } = experienceHead(block);
        if (!cands.length) continue;
        // the gold entry that contains most of the candidates
        let entry: Experience | undefined;
        let most = 0;
        for (const e of gold) {
          const n = cands.filter((c) => fieldOf(c, e)).length;
          if (n > most) {
            most = n;
            entry = e;
          }
        }
        if (!entry) continue;
        heads++;
        const feats = headPartFeatures(candidateParts(block, cands, h.location));
        cands.forEach((c, i) => {
          const x = feats[i];
          const y = fieldOf(c, entry);
          if (x && y) samples.push({ dense: x.dense, sparse: x.sparse, y: cls(y), group: family });
        });
      }
    }
  }
  return { samples, heads };
}

/** How many samples of each class, for the log. */
export const headPartCounts = (samples: Sample[]): string =>
  HEAD_PART_CLASSES.map((c) => `${c} ${samples.filter((s) => s.y === cls(c)).length}`).join(', ');

export const trainHeadPart = (data: Sample[]): ModelWeights =>
  trainLogistic(data, {
    classes: HEAD_PART_CLASSES,
    dense: HEAD_DENSE,
    buckets: HASH_BUCKETS,
    epochs: HEAD_PART_EPOCHS,
    rate: RATE,
    l2: L2,
    seed: HEAD_PART_SEED,
    weightOf: () => 1,
  });

/** Accuracy over all parts, and per class. */
export function headPartMetrics(m: ModelWeights, data: Sample[]): string {
  const ok = HEAD_PART_CLASSES.map(() => 0);
  const n = HEAD_PART_CLASSES.map(() => 0);
  for (const s of data) {
    const p = scoreLine(m, { dense: s.dense, sparse: s.sparse, text: '' });
    let best = 0;
    for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
    n[s.y]!++;
    if (best === s.y) ok[s.y]!++;
  }
  const f = (x: number) => x.toFixed(3);
  const all = ok.reduce((a, b) => a + b, 0) / Math.max(1, data.length);
  return `accuracy ${f(all)} (${HEAD_PART_CLASSES.map((c, i) => `${c} ${f(ok[i]! / Math.max(1, n[i]!))}`).join(', ')}; ${data.length} parts)`;
}
