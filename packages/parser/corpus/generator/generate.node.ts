/**
 * Generate the synthetic corpus: for each family, `perFamily` documents, each from its own seeded
 * persona, written as `<out>/<family>/docs/NAME.ext` and `<out>/<family>/gold/NAME.gold.json`
 * (the layout of corpus/real, so score.mjs reads it).
 *
 * The output is a cache, not a source: `ensureGenerated` rebuilds it only when the key (a hash of
 * the generator's source files, the seed and the document count) differs from the one stored in
 * `<out>/.cache-key`.
 *
 * CLI: `npm run corpus:generate [-- --force] [--seed S] [--per-family N] [--family NAME ...]`
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resumeDataSchema, type ResumeData } from '@folio/core';
import { families as allFamilies, outputExt, type Family, type OutputKind } from './families.ts';
import { goldOf } from './gold.ts';
import { makePersona, type Persona } from './persona.ts';
import {
  compileTypst,
  convertWithLibreOffice,
  hasCjkFont,
  hasSoffice,
  hasTypst,
  packDocx,
  printPdfs,
  withBrowser,
  type LoJob,
  type PdfJob,
} from './render.node.ts';
import { makeRng } from './rng.ts';

export const DEFAULT_SEED = 'folio-generated-v1';
export const DEFAULT_PER_FAMILY = 10;

const generatorDir = path.dirname(fileURLToPath(import.meta.url));

export interface PlannedDoc {
  family: Family;
  name: string;
  ext: 'pdf' | 'docx' | 'doc';
  persona: Persona;
  gold: ResumeData;
  source: ReturnType<Family['render']>;
}

/** Build the personas, gold and sources of one family (no file is written). Pure and fast. */
export function planFamily(family: Family, seed: string, count: number): PlannedDoc[] {
  return Array.from({ length: count }, (_, i) => {
    const rng = makeRng(`${seed}:${family.name}:${i}`);
    const lang = family.langs[i % family.langs.length]!;
    const opts = family.persona(rng.fork('options'), lang);
    const variant = family.variants?.[i % family.variants.length];
    const source = family.render(
      makePersona(rng.fork('persona'), opts),
      rng.fork('render'),
      variant,
    );
    const persona = source.persona;
    const gold = source.gold ?? goldOf(persona);
    resumeDataSchema.parse(gold);
    return {
      family,
      name: `${family.name}-${String(i + 1).padStart(2, '0')}-${source.label ?? persona.lang}`,
      ext: outputExt[family.output],
      persona,
      gold,
      source,
    };
  });
}

/** The cache key: the generator's own source files, the seed and the count. */
export function cacheKey(seed: string, perFamily: number): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
        h.update(path.relative(generatorDir, p));
        h.update(readFileSync(p));
      }
    }
  };
  walk(generatorDir);
  h.update(
    `seed=${seed};per=${perFamily};lo=${hasSoffice()};typst=${hasTypst()};cjk=${hasCjkFont()}`,
  );
  return h.digest('hex').slice(0, 16);
}

export interface GenerateOptions {
  outDir: string;
  seed?: string;
  perFamily?: number;
  families?: readonly Family[];
  /** Skip the families whose tool (LibreOffice, the Typst compiler) is missing, instead of failing. */
  skipMissingTools?: boolean;
  log?: (s: string) => void;
}

export interface GenerateResult {
  docs: PlannedDoc[];
  skipped: string[];
  ms: number;
}

/** Write every document and gold file of the given families under outDir. */
export async function generateCorpus(o: GenerateOptions): Promise<GenerateResult> {
  const t0 = performance.now();
  const seed = o.seed ?? DEFAULT_SEED;
  const per = o.perFamily ?? DEFAULT_PER_FAMILY;
  const log = o.log ?? (() => {});
  const skipped: string[] = [];
  const fams = (o.families ?? allFamilies).filter((f) => {
    const lo = f.output.endsWith('-lo');
    if (lo && !hasSoffice()) {
      if (o.skipMissingTools) {
        skipped.push(f.name);
        return false;
      }
      throw new Error(
        `LibreOffice (soffice) is needed for family ${f.name}: apt-get install -y libreoffice-writer-nogui`,
      );
    }
    if (f.output === 'pdf-typst' && !hasTypst()) {
      if (o.skipMissingTools) {
        skipped.push(f.name);
        return false;
      }
      throw new Error(`the npm Typst compiler is needed for family ${f.name}`);
    }
    return true;
  });
  const docs = fams.flatMap((f) => planFamily(f, seed, per));
  if (!hasCjkFont() && docs.some((d) => d.persona.lang === 'zh' && d.ext === 'pdf'))
    log(
      'warning: no font with Chinese glyphs (apt-get install fonts-wqy-microhei): Chinese PDFs print blank',
    );
  const pdfJobs: PdfJob[] = [];
  const loJobs: LoJob[] = [];
  const docxJobs: Promise<void>[] = [];
  for (const f of fams) {
    rmSync(path.join(o.outDir, f.name), { recursive: true, force: true });
    mkdirSync(path.join(o.outDir, f.name, 'docs'), { recursive: true });
    mkdirSync(path.join(o.outDir, f.name, 'gold'), { recursive: true });
    if (f.output === 'pdf-chromium')
      mkdirSync(path.join(o.outDir, f.name, 'layout'), { recursive: true });
  }
  for (const d of docs) {
    const dir = path.join(o.outDir, d.family.name);
    writeFileSync(
      path.join(dir, 'gold', `${d.name}.gold.json`),
      `${JSON.stringify(d.gold, null, 2)}\n`,
    );
    const out = path.join(dir, 'docs', `${d.name}.${d.ext}`);
    const kind: OutputKind = d.family.output;
    if (kind === 'pdf-chromium')
      pdfJobs.push({
        html: d.source.html!,
        out,
        layoutOut: path.join(dir, 'layout', `${d.name}.layout.json`),
        ...(d.source.footer ? { footer: d.source.footer } : {}),
        ...(d.source.page ? { page: d.source.page } : {}),
      });
    else if (kind === 'docx-lib') docxJobs.push(packDocx(d.source.docx!, out));
    else if (kind === 'pdf-typst') compileTypst(d.source.typst!, out);
    else loJobs.push({ kind, html: d.source.html!, out });
  }
  await Promise.all(docxJobs);
  log(`docx: ${docxJobs.length} written`);
  if (loJobs.length) {
    convertWithLibreOffice(loJobs);
    log(`LibreOffice: ${loJobs.length} converted`);
  }
  if (pdfJobs.length) {
    await withBrowser((b) => printPdfs(b, pdfJobs));
    log(`Chromium: ${pdfJobs.length} printed`);
  }
  return { docs, skipped, ms: performance.now() - t0 };
}

/**
 * Make sure outDir holds the corpus of the current generator: regenerate everything when the
 * stored key differs (generator changed, other seed or count), else do nothing.
 */
export async function ensureGenerated(
  outDir: string,
  o: { seed?: string; perFamily?: number; force?: boolean; log?: (s: string) => void } = {},
): Promise<{ regenerated: boolean; ms: number }> {
  const seed = o.seed ?? DEFAULT_SEED;
  const per = o.perFamily ?? DEFAULT_PER_FAMILY;
  const key = cacheKey(seed, per);
  const keyFile = path.join(outDir, '.cache-key');
  if (!o.force && existsSync(keyFile) && readFileSync(keyFile, 'utf8').trim() === key)
    return { regenerated: false, ms: 0 };
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const res = await generateCorpus({
    outDir,
    seed,
    perFamily: per,
    skipMissingTools: true,
    ...(o.log ? { log: o.log } : {}),
  });
  if (res.skipped.length)
    o.log?.(`skipped (LibreOffice or Typst missing): ${res.skipped.join(', ')}`);
  writeFileSync(keyFile, `${key}\n`);
  return { regenerated: true, ms: res.ms };
}

async function main(argv: string[]) {
  const { generatedDir } = await import('../index.node.ts');
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const seed = arg('--seed') ?? DEFAULT_SEED;
  const per = Number(arg('--per-family') ?? DEFAULT_PER_FAMILY);
  const names = argv.flatMap((a, i) => (argv[i - 1] === '--family' ? [a] : []));
  const log = (s: string) => process.stderr.write(`${s}\n`);
  if (names.length) {
    const outDir = arg('--out') ?? generatedDir;
    const res = await generateCorpus({
      outDir,
      seed,
      perFamily: per,
      families: allFamilies.filter((f) => names.includes(f.name)),
      log,
    });
    log(`${res.docs.length} documents in ${(res.ms / 1000).toFixed(1)} s -> ${outDir}`);
    return;
  }
  const outDir = arg('--out') ?? generatedDir;
  const res = await ensureGenerated(outDir, {
    seed,
    perFamily: per,
    force: argv.includes('--force'),
    log,
  });
  log(
    res.regenerated
      ? `generated in ${(res.ms / 1000).toFixed(1)} s -> ${outDir}`
      : `up to date: ${outDir}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
