/**
 * The one place that knows where the parser's development corpora live. Tests, scripts,
 * benchmarks and e2e specs import from here (`@folio/parser/corpus`); nothing else derives a
 * corpus path.
 *
 * The real corpus's documents are public resumes fetched from other repositories, so they are
 * never committed: they live beside the checkout, in `../shared/resume-corpus/docs` (or
 * `$RESUME_CORPUS_DOCS`). Its gold files, scorer and SOURCES.tsv are our own work and stay here.
 * Only the evaluation, the trainers and the benchmarks read the documents, and each skips that
 * part with `corpusDocsNote` when they are absent; tests use generated documents
 * (`fixtures.node.ts`), so a fresh clone passes `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root (this file is packages/parser/corpus/index.node.ts). */
const repoRoot = path.join(here, '..', '..', '..');

/** The real corpus (README.md here): hand-made gold files, the scorer and SOURCES.tsv. */
export const corpusDir = path.join(here, 'real');
/**
 * Its documents (PDF, DOCX, DOC), one gold file each: outside the repository, in
 * `<repo>/../shared/resume-corpus/docs` unless `$RESUME_CORPUS_DOCS` names another folder.
 */
export const corpusDocsDir = path.resolve(
  process.env.RESUME_CORPUS_DOCS ?? path.join(repoRoot, '..', 'shared', 'resume-corpus', 'docs'),
);
/** Its gold files, `NAME.gold.json` for each `docs/NAME.*`. */
export const corpusGoldDir = path.join(corpusDir, 'gold');

/** Whether the real corpus's documents are on this machine (a folder with at least one file). */
export function hasCorpusDocs(): boolean {
  try {
    return existsSync(corpusDocsDir) && readdirSync(corpusDocsDir).length > 0;
  } catch {
    return false;
  }
}

/** What to print when they are not: which part is skipped, and where the documents go. */
export const corpusDocsNote = (skipped: string): string =>
  `note: the real corpus's documents are not at ${corpusDocsDir} (they are never committed: ` +
  `put them in ../shared/resume-corpus/docs beside the checkout, or set RESUME_CORPUS_DOCS); ` +
  `${skipped}`;

/**
 * The ordinary corpus (ordinary/README.md): gold files of ordinary job seekers' resumes, an
 * evaluation-only set. `npm run eval:parser` scores it; no trainer reads it and no rule is
 * written by looking at it. Its documents, like the real corpus's, are never committed: they are
 * in `<repo>/../shared/resume-corpus/incoming/ordinary/docs` unless `$ORDINARY_CORPUS_DOCS` names
 * another folder.
 */
export const ordinaryDir = path.join(here, 'ordinary');
/** Its gold files, `NAME.gold.json`; only the documents with one are scored. */
export const ordinaryGoldDir = path.join(ordinaryDir, 'gold');
/** Its documents (outside the repository). */
export const ordinaryDocsDir = path.resolve(
  process.env.ORDINARY_CORPUS_DOCS ??
    path.join(repoRoot, '..', 'shared', 'resume-corpus', 'incoming', 'ordinary', 'docs'),
);

/** Whether the ordinary corpus's documents are on this machine. */
export function hasOrdinaryDocs(): boolean {
  try {
    return existsSync(ordinaryDocsDir) && readdirSync(ordinaryDocsDir).length > 0;
  } catch {
    return false;
  }
}

/**
 * The generated corpus (generator/README in ../README.md): one folder per layout family, each
 * with `docs/` and `gold/` like the real corpus. A rebuilt cache, not committed: `npm run
 * corpus:generate` (and `npm run eval:parser`) write it when the generator has changed.
 */
export const generatedDir = path.join(here, 'generated');
/** The generator's sources (families, persona bank, renderers, held-out split). */
export const generatorDir = path.join(here, 'generator');

/**
 * The source repository of a real document (SOURCES.tsv's `source_repo`; the owner before the
 * file name's `__` for a document not listed yet). Documents of one repository share a template,
 * an author or a generator, so they are held out together: a real document is never scored by a
 * model fitted on its repository's documents (the review's folds, the cross-validated real score).
 */
export function sourceRepository(file: string): string {
  sources ??= readSources(path.join(corpusDir, 'SOURCES.tsv'));
  return sources.get(file) ?? file.split('__')[0] ?? file;
}
let sources: Map<string, string> | undefined;

/** A SOURCES.tsv's documents and their source repositories. */
const readSources = (file: string) =>
  new Map(
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split('\t'))
      .filter((c): c is [string, string, ...string[]] => !!c[0] && !!c[1])
      .map(([f, repo]) => [f, repo]),
  );

/** The source repository of an ordinary document (its SOURCES.tsv), for the review's folds. */
export function ordinaryRepository(file: string): string {
  ordinarySources ??= readSources(path.join(ordinaryDir, 'SOURCES.tsv'));
  return `ordinary:${ordinarySources.get(file) ?? file.split('__')[0] ?? file}`;
}
let ordinarySources: Map<string, string> | undefined;

/**
 * Real documents in folds by source repository: one fold per repository, or, with `count`, the
 * repositories dealt into that many folds of about equal size (largest first, each to the fold
 * with the fewest documents; ties by name), the same on every run. Folds in a fixed order.
 */
export function repositoryFolds(files: readonly string[], count?: number): string[][] {
  const byRepo = new Map<string, string[]>();
  for (const f of [...files].sort()) {
    const r = sourceRepository(f);
    byRepo.set(r, [...(byRepo.get(r) ?? []), f]);
  }
  const repos = [...byRepo].sort(
    ([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : a > b ? 1 : 0),
  );
  if (!count || count >= repos.length) return repos.map(([, fs]) => fs);
  const folds: string[][] = Array.from({ length: count }, () => []);
  for (const [, fs] of repos) {
    let k = 0;
    for (let i = 1; i < count; i++) if (folds[i]!.length < folds[k]!.length) k = i;
    folds[k]!.push(...fs);
  }
  return folds.map((f) => f.sort());
}
