/**
 * The line-role model's data and settings (src/model/line-role.ts); `npm run train:parser`
 * (train.node.ts) trains it first, then the entry-line and head-part models.
 *
 * Training data: the generated DEVELOPMENT families (never the held-out ones, split.ts) and the
 * real corpus. Lines come from the parser's own extraction (training.node.ts). Labels:
 *   - generated documents: a line is a heading of kind K when its text (letter-spacing undone) is
 *     the persona's heading for K (the generator knows exactly what it printed);
 *   - real documents: the rules' headings (model off), each kind set by aligning the section's
 *     words against the gold: the gold group (summary, experience, education, …) sharing most of
 *     the section's words names the kind; no alignment keeps the rules' kind.
 * Cross-validation (eval.node.ts) leaves one fold of real documents out of the data.
 */
import type { ResumeData } from '@folio/core';
import type { SectionKey } from '../corpus/generator/bank/languages.ts';
import { DENSE, documentFeatures, HASH_BUCKETS, collapseSpacing } from '../src/model/features.ts';
import {
  ROLE_CLASSES,
  scoreLine,
  type ModelWeights,
  type RoleClass,
} from '../src/model/line-role.ts';
import { splitSections } from '../src/sections.ts';
import { normKey } from '../src/text.ts';
import { lineText, type Line } from '../src/types.ts';
import { trainLogistic, type Sample } from './logistic.node.ts';
import type { TrainingCorpus } from './training.node.ts';

export const LINE_ROLE_SEED = 0x5eed14;
export const LINE_ROLE_EPOCHS = 12;
const L2 = 1e-5;
const RATE = 0.1;
/** Heading lines are rare; weigh them up so the model does not settle on "none". */
const HEADING_WEIGHT = 3;

const classIndex = (c: RoleClass) => ROLE_CLASSES.indexOf(c);

const KEY_KIND: Record<SectionKey, RoleClass> = {
  summary: 'summary',
  experience: 'experience',
  education: 'education',
  skills: 'skills',
  projects: 'projects',
  languages: 'languages',
  awards: 'awards',
  publications: 'publications',
  volunteering: 'extracurricular',
  certifications: 'certifications',
  interests: 'interests',
  contact: 'contact',
  references: 'references',
};

const headingKey = (s: string) => normKey(collapseSpacing(s)).replace(/\s+/g, '');

function push(out: Sample[], lines: Line[], labels: (RoleClass | undefined)[], group: string) {
  const feats = documentFeatures(lines);
  feats.forEach((f, i) => {
    const y = labels[i];
    if (y === undefined) return;
    out.push({ dense: f.dense, sparse: f.sparse, y: classIndex(y), group });
  });
}

/** Generated development documents, labelled from the personas' headings. */
function generatedSamples(corpus: TrainingCorpus, out: Sample[]): void {
  for (const d of corpus.development) {
    const heads = new Map<string, RoleClass>();
    for (const [k, v] of Object.entries(d.headings) as [SectionKey, string][])
      if (v) heads.set(headingKey(v), KEY_KIND[k]);
    const labels = d.lines.map((l): RoleClass | undefined => {
      const full = heads.get(headingKey(lineText(l)));
      if (full && !l.bullet) return full;
      // a heading label in a rail beside its content: not a line role, left out
      if (l.segs.length > 1 && heads.has(headingKey(l.segs[0]?.text ?? ''))) return undefined;
      return 'none';
    });
    push(out, d.lines, labels, d.family);
  }
}

const words = (s: string) =>
  new Set(
    normKey(s)
      .split(' ')
      .filter((w) => w.length >= 3),
  );

/** The gold's text per section kind, as word sets. */
function goldGroups(g: ResumeData): [RoleClass, Set<string>][] {
  const all = (x: unknown): string =>
    typeof x === 'string'
      ? x
      : Array.isArray(x)
        ? x.map(all).join(' ')
        : x && typeof x === 'object'
          ? Object.values(x).map(all).join(' ')
          : '';
  const { certifications, ...skills } = g.skills ?? {};
  const groups: [RoleClass, unknown][] = [
    ['summary', g.summary],
    ['experience', g.experience],
    ['education', g.education],
    ['projects', g.projects],
    ['skills', skills],
    ['certifications', certifications],
    ['awards', g.awards],
    ['publications', g.publications],
    ['extracurricular', g.extracurricular],
    ['languages', g.verbal_languages],
  ];
  return groups.map(([k, v]) => [k, words(all(v))]);
}

/** Real documents, labelled from the rules' headings with kinds aligned against the gold. */
function realSamples(docs: TrainingCorpus['real'], out: Sample[]): void {
  for (const { name, lines, gold } of docs) {
    const { header, sections } = splitSections(lines, { model: false });
    const inBody = new Set<Line>([...header, ...sections.flatMap((s) => s.lines)]);
    const groups = goldGroups(gold);
    const labels: (RoleClass | undefined)[] = lines.map((l) =>
      inBody.has(l) ? 'none' : undefined,
    );
    // each heading line (a line in no section's body) opens the next section of its title, in
    // order; a rail label (its content beside it) is left out
    let si = 0;
    lines.forEach((l, i) => {
      if (inBody.has(l)) return;
      const key = headingKey(lineText(l));
      const j = sections.findIndex((s, k) => k >= si && headingKey(s.title) === key);
      const s = sections[j];
      if (!s) return;
      si = j + 1;
      const sw = words(s.lines.map(lineText).join(' '));
      let best: RoleClass = s.kind;
      let bestShare = 0;
      for (const [k, gw] of groups) {
        if (!sw.size) break;
        let hit = 0;
        for (const w of sw) if (gw.has(w)) hit++;
        const share = hit / sw.size;
        if (share > bestShare) {
          bestShare = share;
          best = k;
        }
      }
      labels[i] = bestShare >= 0.5 ? best : s.kind;
    });
    push(out, lines, labels, `real:${name}`);
  }
}

/**
 * The model's samples: every generated development document, then the real documents (those
 * `leaveOut` keeps out of training left out).
 */
export function lineRoleSamples(
  corpus: TrainingCorpus,
  leaveOut: (doc: TrainingCorpus['real'][number]) => boolean = () => false,
): { samples: Sample[]; realDocuments: number } {
  const samples: Sample[] = [];
  generatedSamples(corpus, samples);
  const real = corpus.real.filter((d) => !leaveOut(d));
  realSamples(real, samples);
  return { samples, realDocuments: real.length };
}

/** Multinomial logistic regression (logistic.node.ts) with this model's settings. */
export const trainLineRole = (samples: Sample[]): ModelWeights =>
  trainLogistic(samples, {
    classes: ROLE_CLASSES,
    dense: DENSE,
    buckets: HASH_BUCKETS,
    epochs: LINE_ROLE_EPOCHS,
    rate: RATE,
    l2: L2,
    seed: LINE_ROLE_SEED,
    weightOf: (y) => (y === 0 ? 1 : HEADING_WEIGHT),
  });

/** Heading precision / recall / kind accuracy of a model on samples. */
export function lineRoleMetrics(m: ModelWeights, samples: Sample[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let kindOk = 0;
  for (const s of samples) {
    const p = scoreLine(m, { dense: s.dense, sparse: s.sparse, text: '' });
    const head = 1 - p[0]! >= 0.5;
    if (head && s.y !== 0) {
      tp++;
      let best = 1;
      for (let c = 2; c < p.length; c++) if (p[c]! > p[best]!) best = c;
      if (best === s.y) kindOk++;
    } else if (head) fp++;
    else if (s.y !== 0) fn++;
  }
  const f = (x: number) => x.toFixed(3);
  return `heading P=${f(tp / Math.max(1, tp + fp))} R=${f(tp / Math.max(1, tp + fn))} kind=${f(kindOk / Math.max(1, tp))} (${tp + fn} headings, ${samples.length} lines)`;
}
