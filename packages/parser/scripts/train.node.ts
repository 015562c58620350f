/**
 * `npm run train:parser`: train the learned line-role model (src/model/line-role.ts) and write its
 * weights to src/model/line-role.json. Deterministic (seeded shuffle, fixed epochs), CPU only.
 *
 * Training data: the generated DEVELOPMENT families (never the held-out ones, split.ts) and the
 * real corpus. Lines come from the parser's own extraction (extractDocument). Labels:
 *   - generated documents: a line is a heading of kind K when its text (letter-spacing undone) is
 *     the persona's heading for K (the generator knows exactly what it printed);
 *   - real documents: the rules' headings (model off), each kind set by aligning the section's
 *     words against the gold: the gold group (summary, experience, education, …) sharing most of
 *     the section's words names the kind; no alignment keeps the rules' kind.
 * Flags: --check (train and print the metrics, write nothing), --validate (hold every fifth
 * development family out of training and report heading precision/recall on it).
 *
 * The real documents are not in the repository (corpus/index.node.ts): without them the trainer
 * says so, trains on the generated documents alone for the metrics, and leaves line-role.json as
 * it is (weights trained without them would not be the committed ones).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  corpusDocsDir,
  corpusDocsNote,
  corpusGoldDir,
  generatedDir,
  hasCorpusDocs,
} from '../corpus/index.node.ts';
import { families } from '../corpus/generator/families.ts';
import {
  DEFAULT_PER_FAMILY,
  DEFAULT_SEED,
  ensureGenerated,
  planFamily,
} from '../corpus/generator/generate.node.ts';
import type { SectionKey } from '../corpus/generator/bank/languages.ts';
import { isHeldOut } from '../corpus/generator/split.ts';
import { extractDocument } from '../src/index.ts';
import { DENSE, documentFeatures, HASH_BUCKETS, collapseSpacing } from '../src/model/features.ts';
import {
  ROLE_CLASSES,
  scoreLine,
  type ModelWeights,
  type RoleClass,
} from '../src/model/line-role.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import { publishable, trainLogistic, writeWeights, type Sample } from './logistic.node.ts';
import { splitSections } from '../src/sections.ts';
import { normKey } from '../src/text.ts';
import { lineText, type Line } from '../src/types.ts';
import type { ResumeData } from '@folio/core';

const argv = process.argv.slice(2);
const outFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/model/line-role.json',
);
const SEED = 0x5eed14;
const EPOCHS = 12;
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

const opts = nodePdfAssets();
const isDoc = (f: string) => /\.(pdf|docx?)$/i.test(f);
const headingKey = (s: string) => normKey(collapseSpacing(s)).replace(/\s+/g, '');

async function linesOf(file: string): Promise<Line[]> {
  const doc = await extractDocument(new Uint8Array(readFileSync(file)), opts);
  return doc.lines;
}

function push(out: Sample[], lines: Line[], labels: (RoleClass | undefined)[], group: string) {
  const feats = documentFeatures(lines);
  feats.forEach((f, i) => {
    const y = labels[i];
    if (y === undefined) return;
    out.push({ dense: f.dense, sparse: f.sparse, y: classIndex(y), group });
  });
}

/** Generated development documents, labelled from the personas' headings. */
async function generatedSamples(out: Sample[]): Promise<number> {
  let docs = 0;
  for (const fam of families) {
    if (isHeldOut(fam.name)) continue;
    const dir = path.join(generatedDir, fam.name, 'docs');
    if (!existsSync(dir)) continue;
    for (const d of planFamily(fam, DEFAULT_SEED, DEFAULT_PER_FAMILY)) {
      const file = path.join(dir, `${d.name}.${d.ext}`);
      if (!existsSync(file)) continue;
      const heads = new Map<string, RoleClass>();
      for (const [k, v] of Object.entries(d.persona.headings) as [SectionKey, string][])
        if (v) heads.set(headingKey(v), KEY_KIND[k]);
      const lines = await linesOf(file);
      const labels = lines.map((l): RoleClass | undefined => {
        const full = heads.get(headingKey(lineText(l)));
        if (full && !l.bullet) return full;
        // a heading label in a rail beside its content: not a line role, left out
        if (l.segs.length > 1 && heads.has(headingKey(l.segs[0]?.text ?? ''))) return undefined;
        return 'none';
      });
      push(out, lines, labels, fam.name);
      docs++;
    }
  }
  return docs;
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
async function realSamples(out: Sample[]): Promise<number> {
  let docs = 0;
  for (const f of readdirSync(corpusDocsDir).filter(isDoc).sort()) {
    const name = f.replace(/\.[^.]+$/, '');
    const gold = JSON.parse(
      readFileSync(path.join(corpusGoldDir, `${name}.gold.json`), 'utf8'),
    ) as ResumeData;
    const lines = await linesOf(path.join(corpusDocsDir, f));
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
    docs++;
  }
  return docs;
}

/** Multinomial logistic regression (logistic.node.ts) with this model's settings. */
const train = (samples: Sample[]): ModelWeights =>
  trainLogistic(samples, {
    classes: ROLE_CLASSES,
    dense: DENSE,
    buckets: HASH_BUCKETS,
    epochs: EPOCHS,
    rate: RATE,
    l2: L2,
    seed: SEED,
    weightOf: (y) => (y === 0 ? 1 : HEADING_WEIGHT),
  });

/** Heading precision / recall / kind accuracy of a model on samples. */
function metrics(m: ModelWeights, samples: Sample[]) {
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

// the generated corpus is a cache: built first when missing or stale, as eval:parser does
const gen = await ensureGenerated(generatedDir, { log: (s) => process.stderr.write(`${s}\n`) });
if (gen.regenerated)
  process.stderr.write(`generated corpus rebuilt in ${(gen.ms / 1000).toFixed(1)} s\n`);
const t0 = performance.now();
const samples: Sample[] = [];
const genDocs = await generatedSamples(samples);
const withReal = hasCorpusDocs();
if (!withReal)
  process.stderr.write(
    `${corpusDocsNote('training on the generated documents alone, and writing no weights.')}\n`,
  );
const realDocs = withReal ? await realSamples(samples) : 0;
const tData = performance.now();
process.stderr.write(
  `data: ${genDocs} generated development documents, ${realDocs} real documents, ${samples.length} lines in ${((tData - t0) / 1000).toFixed(1)} s\n`,
);
if (argv.includes('--validate')) {
  const devFamilies = [...new Set(samples.map((s) => s.group))].filter(
    (g) => !g.startsWith('real:'),
  );
  const val = new Set(devFamilies.filter((_, i) => i % 5 === 4));
  const m = train(samples.filter((s) => !val.has(s.group)));
  process.stderr.write(
    `validation (${val.size} development families left out): ${metrics(
      m,
      samples.filter((s) => val.has(s.group)),
    )}\n`,
  );
}
const model = train(samples);
const tTrain = performance.now();
process.stderr.write(
  `trained in ${((tTrain - tData) / 1000).toFixed(1)} s; training set: ${metrics(model, samples)}\n`,
);
if (!argv.includes('--check') && !withReal) {
  process.stderr.write(
    `${path.relative(process.cwd(), outFile)} left as it is (no real documents)\n`,
  );
} else if (!argv.includes('--check')) {
  const out = publishable(model, {
    trainer: 'packages/parser/scripts/train.node.ts',
    generatedDocuments: genDocs,
    realDocuments: realDocs,
    lines: samples.length,
    epochs: EPOCHS,
    seed: SEED,
  });
  await writeWeights(outFile, out);
  process.stderr.write(`wrote ${path.relative(process.cwd(), outFile)}\n`);
}
