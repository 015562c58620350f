/**
 * The parser's three-score evaluation (ADR 16): parse every document of
 *   1. the real corpus (gold and scorer in packages/parser/corpus/real; its documents, never
 *      committed, in ../shared/resume-corpus/docs or $RESUME_CORPUS_DOCS: corpus/index.node.ts;
 *      skipped with a note when absent, the generated sets are still scored),
 *   2. the generated development families,
 *   3. the generated held-out families (corpus/generator/split.ts; never looked at while
 *      changing the parser),
 * and, after the real corpus, the documents of the ordinary corpus that have a gold file
 * (corpus/ordinary: gold here, documents in ../shared/resume-corpus/incoming/ordinary/docs or
 * $ORDINARY_CORPUS_DOCS, skipped with a note when absent): ordinary job seekers' resumes,
 * labelled for evaluation only, never trained or tuned on, so only its summary is printed,
 * never a row per document. Score each set with the real corpus's scorer (score.mjs, same node binary). The generated
 * corpus is a cache: it is regenerated first when the generator changed (generate.node.ts).
 *
 * Output: the real corpus's full scorer output (per-file table, group table, last line), then for
 * each generated set a line `== <set> ==` and the scorer's summary (group table and the line
 * `overall F1=…`). Each set is preceded by a line naming it. Last, `== layout stage ==`: the layout
 * stage's block purity and reading order on each generated set (layout-eval.node.ts).
 *
 * Flags: --families (a line `overall F1=…` per development family), --held-out-families (the
 * same for the held-out families: for reports only, never while changing the parser), --real
 * (real corpus only), --generated (generated sets only), --ordinary (ordinary corpus only),
 * --json (scorer JSON of each set).
 * After the real corpus: the parser's review (ADR parser-review), cross-validated by source
 * repository: the share of wrong entries and fields marked, the share of marks on something
 * wrong, and how many poor reads (F1 < 0.7) get a confidence below the review's warning line
 * (review-eval.node.ts); --no-review leaves it out.
 * --linkedin: the LinkedIn corpus (corpus/linkedin: gold and folds here, documents in
 * ../shared/resume-corpus/incoming/linkedin/docs or $LINKEDIN_CORPUS_DIR, skipped with a note when
 * absent): fold A's per-file table, fold B's group table and overall line only (it is held out),
 * and all of it; `--fold A` scores fold A alone (use that while working on the reader).
 * Every set also prints how many of its documents were read as LinkedIn exports (none outside
 * the LinkedIn corpus and its generated family should be).
 * Honest real score: the committed line-role model learned from the real corpus, so its score
 * above is in-sample. Then the real corpus cross-validated by source repository
 * (cross-validate.node.ts): each document read with the three models trained without its fold
 * (--folds N: N folds of repositories, default 5; --folds 0: one fold per repository), printed
 * with the training time per fold; --no-cv leaves it out.
 * --ablation: a table of overall F1 with all models on, each one off, and all off, on the
 * cross-validated real corpus and the generated held-out families.
 * $RESUME_CORPUS_DIR: score that one folder (docs/, gold/, score.mjs) instead, as before.
 * $EVAL_PRED_DIR: where predictions go (default: a temp dir). $EVAL_TIMINGS: per-file times.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  corpusDir,
  corpusDocsDir,
  corpusDocsNote,
  corpusGoldDir,
  generatedDir,
  hasCorpusDocs,
  hasOrdinaryDocs,
  ordinaryDocsDir,
  ordinaryGoldDir,
} from '../corpus/index.node.ts';
import { families } from '../corpus/generator/families.ts';
import { ensureGenerated } from '../corpus/generator/generate.node.ts';
import { isHeldOut } from '../corpus/generator/split.ts';
import { extractDocument, parseResume } from '../src/index.ts';
import { linkedInLayout } from '../src/linkedin/layout.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import {
  add,
  describeLayout,
  emptyScore,
  scoreFamilyLayout,
  type LayoutScore,
} from './layout-eval.node.ts';
import {
  ablationTable,
  crossValidate as crossValidateModels,
  forScorer,
  heldOutSet,
  overallF1,
  readAllInto,
  scoreDirs,
  type CrossValidation,
} from './cross-validate.node.ts';
import {
  calibration,
  crossValidateAll,
  describe,
  fieldCalibration,
  heldOutReads,
  isOrdinaryRead,
  ordinaryReads,
  measure,
  realReads,
} from './review-eval.node.ts';
import { loadTrainingCorpus } from './training.node.ts';

const argv = process.argv.slice(2);
const flag = (f: string) => argv.includes(f);
const scorerArgs = flag('--json') ? ['--json'] : [];
const scorer = path.join(corpusDir, 'score.mjs');
const predRoot =
  process.env.EVAL_PRED_DIR ?? mkdtempSync(path.join(tmpdir(), 'folio-parser-eval-'));
const timings: string[] = [];
/** Documents of the last `predict` read as LinkedIn exports. */
let linkedInRead: string[] = [];

const isDoc = (f: string) => /\.(pdf|docx?)$/i.test(f);

/** Parse every document of docsDir (or those named) into predDir/NAME.json. */
async function predict(docsDir: string, predDir: string, only?: Set<string>): Promise<number> {
  mkdirSync(predDir, { recursive: true });
  const files = readdirSync(docsDir)
    .filter(isDoc)
    .filter((f) => !only || only.has(f.replace(/\.[^.]+$/, '')))
    .sort();
  for (const f of files) {
    const t0 = performance.now();
    try {
      const bytes = new Uint8Array(readFileSync(path.join(docsDir, f)));
      const data = forScorer(await parseResume(bytes, nodePdfAssets()));
      // which reader took it: a LinkedIn export's own, or the general one
      if (/\.pdf$/i.test(f) && linkedInLayout(await extractDocument(bytes, nodePdfAssets())))
        linkedInRead.push(f);
      writeFileSync(
        path.join(predDir, `${f.replace(/\.[^.]+$/, '')}.json`),
        `${JSON.stringify(data, null, 2)}\n`,
      );
    } catch (err) {
      process.stderr.write(`${f}: ${(err as Error).message}\n`);
    }
    timings.push(`${f} ${(performance.now() - t0).toFixed(0)}ms`);
  }
  return files.length;
}

function score(
  goldDir: string,
  predDir: string,
  scoreFile = scorer,
): { out: string; status: number } {
  const res = spawnSync(process.execPath, [scoreFile, ...scorerArgs, goldDir, predDir], {
    encoding: 'utf8',
  });
  process.stderr.write(res.stderr);
  return { out: res.stdout, status: res.status ?? 1 };
}

/** The scorer's summary: from its group table to its last line (the per-file table left out). */
const summary = (out: string) => {
  if (flag('--json')) return out;
  const i = out.indexOf('micro-averaged over');
  return i >= 0 ? out.slice(i) : out;
};
const lastLine = (out: string) => out.trim().split('\n').at(-1) ?? '';

let status = 0;
/** The real corpus's reads with each fold's models (for the ablation). */
let cv: CrossValidation | undefined;

/**
 * The real corpus cross-validated by source repository: each document read with models trained
 * without its fold; printed beside the in-sample score, with what the folds cost.
 */
async function crossValidatedReal(inSample: string): Promise<CrossValidation> {
  const foldArg = argv.includes('--folds') ? Number(argv[argv.indexOf('--folds') + 1]) : 5;
  const t0 = performance.now();
  const corpus = await loadTrainingCorpus();
  const tData = (performance.now() - t0) / 1000;
  const run = await crossValidateModels(corpus, foldArg || undefined);
  const pred = path.join(predRoot, 'real-cross-validated');
  await readAllInto(run.reads, pred);
  const out = scoreDirs(corpusGoldDir, pred);
  const total = run.foldSeconds.reduce((a, b) => a + b, 0);
  process.stdout.write(
    `\n== real corpus, CROSS-VALIDATED by source repository (${run.reads.length} documents, ${run.folds} folds): each document read with the three models trained without its fold ==\n${summary(out)}`,
  );
  process.stdout.write(
    `real corpus: in-sample F1=${inSample}, cross-validated F1=${overallF1(out)}\n` +
      `cost: training data extracted in ${tData.toFixed(1)} s (${corpus.development.length} generated, ${corpus.real.length} real documents), models trained per fold in ${(total / run.folds).toFixed(1)} s (${total.toFixed(1)} s for ${run.folds} folds)\n`,
  );
  return run;
}

/** The review's three measures on the real corpus, folds by source repository. */
async function reviewMeasures(): Promise<void> {
  // the review models are fitted with folds by repository on the real and ordinary corpora (ADR 51)
  const real = await realReads();
  const ordinary = await ordinaryReads();
  const cv = crossValidateAll(await heldOutReads(), [...real, ...ordinary]);
  for (const [name, reads] of [
    ['real corpus', cv.filter((r) => !isOrdinaryRead(r))],
    ['ordinary corpus', cv.filter(isOrdinaryRead)],
  ] as const)
    if (reads.length)
      process.stdout.write(
        `\n== review, ${name}, cross-validated by source repository (${reads.length} documents) ==\n${describe(measure(reads)).replaceAll('; ', '\n')}\n${calibration(reads)}\n${fieldCalibration(reads)}\n`,
      );
}

/** How many documents of a set were read as LinkedIn exports, and which. */
function detections(n: number, names = true): string {
  const list = linkedInRead;
  linkedInRead = [];
  const which = names && list.length && list.length <= 12 ? ` (${list.join(', ')})` : '';
  return `LinkedIn layout detected: ${list.length} of ${n}${which}\n`;
}

/** The LinkedIn corpus by folds: fold A in full, fold B's summary only, then all of it. */
async function linkedInCorpus(): Promise<void> {
  const here = path.join(corpusDir, '..', 'linkedin');
  const repoRoot = path.join(corpusDir, '..', '..', '..', '..');
  const docs =
    process.env.LINKEDIN_CORPUS_DIR ??
    path.join(repoRoot, '..', 'shared', 'resume-corpus', 'incoming', 'linkedin', 'docs');
  if (!existsSync(docs)) {
    process.stdout.write(`== LinkedIn corpus: skipped (no documents at ${docs}) ==\n`);
    return;
  }
  const folds = new Map<string, string>();
  for (const row of readFileSync(path.join(here, 'folds.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)) {
    const [name, fold] = row.split('\t');
    if (name && fold) folds.set(name, fold.trim());
  }
  const goldDir = path.join(here, 'gold');
  const hasGold = (n: string) => existsSync(path.join(goldDir, `${n}.gold.json`));
  const foldArg = argv[argv.indexOf('--fold') + 1];
  const wanted = argv.includes('--fold') ? [foldArg ?? 'A'] : ['A', 'B', 'all'];
  for (const fold of wanted) {
    const names = [...folds].filter(([, f]) => fold === 'all' || f === fold).map(([n]) => n);
    const scored = names.filter(hasGold);
    const slug = `linkedin-${fold}`;
    const gold = path.join(predRoot, `${slug}-gold`);
    const pred = path.join(predRoot, slug);
    mkdirSync(gold, { recursive: true });
    for (const n of scored)
      symlinkSync(path.join(goldDir, `${n}.gold.json`), path.join(gold, `${n}.gold.json`));
    const n = await predict(docs, pred, new Set(scored));
    const label = fold === 'all' ? 'all folds' : `fold ${fold}${fold === 'B' ? ', held out' : ''}`;
    process.stdout.write(
      `\n== LinkedIn corpus, ${label} (${n} documents; ${names.length - scored.length} without gold yet) ==\n`,
    );
    process.stdout.write(detections(n, fold === 'A'));
    if (!n) continue;
    const r = score(gold, pred);
    // fold B is held out: its summary only, never a row per document
    process.stdout.write(fold === 'A' ? r.out : summary(r.out));
    status ||= r.status;
  }
}

/**
 * The ordinary corpus: the documents that have a gold file, parsed and scored like the real
 * corpus. An evaluation-only set: its summary is printed, never a row per document.
 */
async function ordinaryCorpus(): Promise<void> {
  process.stdout.write('\n== ordinary resumes (labelled, never trained or tuned on) ==\n');
  if (!hasOrdinaryDocs()) {
    process.stdout.write(
      `skipped: its documents are not at ${ordinaryDocsDir} (they are never committed: put ` +
        `them in ../shared/resume-corpus/incoming/ordinary/docs beside the checkout, or set ` +
        `ORDINARY_CORPUS_DOCS)\n`,
    );
    return;
  }
  const labelled = new Set(
    readdirSync(ordinaryGoldDir)
      .filter((f) => f.endsWith('.gold.json'))
      .map((f) => f.replace(/\.gold\.json$/, '')),
  );
  const pred = path.join(predRoot, 'ordinary');
  const n = await predict(ordinaryDocsDir, pred, labelled);
  const missing = labelled.size - n;
  process.stdout.write(
    `${n} documents with a gold file${missing ? `; ${missing} gold files without their document` : ''}\n`,
  );
  process.stdout.write(detections(n, false));
  const r = score(ordinaryGoldDir, pred);
  process.stdout.write(summary(r.out));
  status ||= r.status;
}

if (flag('--linkedin')) {
  await linkedInCorpus();
} else if (process.env.RESUME_CORPUS_DIR) {
  // one folder of the corpus layout, scored with its own scorer (as before the generated corpus existed)
  const dir = process.env.RESUME_CORPUS_DIR;
  await predict(path.join(dir, 'docs'), predRoot);
  const r = score(path.join(dir, 'gold'), predRoot, path.join(dir, 'score.mjs'));
  process.stdout.write(r.out);
  status = r.status;
} else if (flag('--ordinary')) {
  await ordinaryCorpus();
} else {
  if (!flag('--generated') && !hasCorpusDocs()) {
    process.stdout.write(
      `== real corpus: skipped ==\n${corpusDocsNote('scoring the generated sets only.')}\n`,
    );
  } else if (!flag('--generated')) {
    const pred = path.join(predRoot, 'real');
    const n = await predict(corpusDocsDir, pred);
    process.stdout.write(
      `== real corpus (${n} documents), IN-SAMPLE: the committed line-role model learned from these documents ==\n`,
    );
    process.stdout.write(detections(n));
    const r = score(corpusGoldDir, pred);
    process.stdout.write(r.out);
    status ||= r.status;
    if (!flag('--no-review')) await reviewMeasures();
    if (!flag('--no-cv')) cv = await crossValidatedReal(overallF1(r.out));
  }
  if (!flag('--generated') && !flag('--real')) await ordinaryCorpus();
  if (!flag('--real')) {
    const gen = await ensureGenerated(generatedDir, { log: (s) => process.stderr.write(`${s}\n`) });
    if (gen.regenerated)
      process.stderr.write(`generated corpus rebuilt in ${(gen.ms / 1000).toFixed(1)} s\n`);
    const present = families.filter((f) => existsSync(path.join(generatedDir, f.name, 'gold')));
    const sets = [
      {
        label: 'generated development families',
        list: present.filter((f) => !isHeldOut(f.name)),
        perFamily: flag('--families'),
      },
      {
        label: 'generated held-out families',
        list: present.filter((f) => isHeldOut(f.name)),
        perFamily: flag('--held-out-families'),
      },
    ];
    const layout: { label: string; total: LayoutScore; rows: string[] }[] = [];
    for (const set of sets) {
      const slug = set.label.includes('held-out') ? 'held-out' : 'development';
      const goldAll = path.join(predRoot, `${slug}-gold`);
      const pred = path.join(predRoot, slug);
      mkdirSync(goldAll, { recursive: true });
      let n = 0;
      for (const f of set.list) {
        n += await predict(path.join(generatedDir, f.name, 'docs'), pred);
        for (const g of readdirSync(path.join(generatedDir, f.name, 'gold')))
          symlinkSync(path.join(generatedDir, f.name, 'gold', g), path.join(goldAll, g));
      }
      process.stdout.write(`\n== ${set.label} (${set.list.length} families, ${n} documents) ==\n`);
      process.stdout.write(detections(n));
      if (set.perFamily && !flag('--json')) {
        for (const f of set.list) {
          const r = score(path.join(generatedDir, f.name, 'gold'), pred);
          process.stdout.write(`  ${f.name.padEnd(26)} ${lastLine(r.out)}\n`);
        }
      }
      const r = score(goldAll, pred);
      process.stdout.write(summary(r.out));
      status ||= r.status;
      const total = emptyScore();
      const rows: string[] = [];
      for (const f of set.list) {
        const s = await scoreFamilyLayout(path.join(generatedDir, f.name));
        if (!s.docs) continue;
        add(total, s);
        if (set.perFamily) rows.push(`  ${f.name.padEnd(26)} ${describeLayout(s)}\n`);
      }
      layout.push({ label: slug, total, rows });
    }
    process.stdout.write(
      '\n== layout stage (generated documents with layout truth; layout-eval.node.ts) ==\n',
    );
    for (const l of layout)
      process.stdout.write(`${l.rows.join('')}${l.label.padEnd(12)} ${describeLayout(l.total)}\n`);
  }
}
if (flag('--ablation') && !flag('--linkedin') && !process.env.RESUME_CORPUS_DIR) {
  const t0 = performance.now();
  const table = await ablationTable(cv, await heldOutSet(predRoot), predRoot);
  process.stdout.write(
    `\n== ablation: overall F1 with each learned model switched off${cv ? '' : ' (real corpus: not cross-validated in this run)'} ==\n${table}\n`,
  );
  process.stderr.write(`ablation in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
if (process.env.EVAL_TIMINGS) process.stderr.write(`${timings.join('\n')}\n`);
process.stderr.write(`predictions in ${predRoot}\n`);
process.exitCode = status;
