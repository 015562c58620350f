/**
 * Generated documents for tests: a small fixed set built by the corpus generator
 * (generator/generate.node.ts) at a fixed seed, so unit, integration and browser tests never read
 * a fetched document and a fresh clone passes `npm test`. Each comes with its gold (what the
 * document says), so a test asserts against what is really in the file.
 *
 * The documents are generated once per machine: a family's batch is cached under
 * `os.tmpdir()/folio-fixtures/<key>/<family>`, the key being the generator's cache key
 * (its sources, the seed, the count, the tools present), so a changed generator makes new ones.
 * Several test processes may ask at once: each generates in a private temp folder and renames it
 * into place; the first rename wins and the others throw their copy away.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { families, outputExt, type Family } from './generator/families.ts';
import { cacheKey, generateCorpus, planFamily } from './generator/generate.node.ts';
import { hasChromium, hasSoffice, hasTypst } from './generator/render.node.ts';
import { onePerEntry, type ResumeData, type UncertainField } from '@folio/core';
import { parseResumeWithConfidence } from '../src/index.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';

export const FIXTURE_SEED = 'folio-test-fixtures-v1';
/** Documents generated per family: enough for a test to pick one with a property it needs. */
export const FIXTURES_PER_FAMILY = 4;

export interface Fixture {
  /** The document's path (in the per-machine cache: read it, never write it). */
  file: string;
  /** Its file name, e.g. `sb2nov-onecol-01-en.pdf`. */
  filename: string;
  /** What the document says, in the parser's shape. */
  gold: ResumeData;
  family: string;
}

/**
 * The named fixtures. All but `held-out-pdf` come from development families (split.ts), so tests
 * may assert on their parse; `held-out-pdf` is only for tests about held-out behaviour.
 */
export const fixtureSpecs = {
  /** A one-column PDF printed by Chromium (LaTeX-like, right-aligned dates). */
  'onecol-pdf': { family: 'sb2nov-onecol', index: 0 },
  /** A two-column PDF with a sidebar. */
  'twocol-pdf': { family: 'designer-sidebar-right', index: 0 },
  /** A DOCX with Word heading styles (written by the generator itself, no LibreOffice). */
  docx: { family: 'docx-heading-styles', index: 0 },
  /** A Word 97 .doc (converted by LibreOffice). */
  doc: { family: 'word-table-doc', index: 0 },
  /** A Chinese PDF (CID fonts and CMaps). */
  'zh-pdf': { family: 'chinese-onecol', index: 0 },
} as const satisfies Record<string, { family: string; index: number }>;
export type FixtureName = keyof typeof fixtureSpecs;

const familyOf = (name: string): Family => {
  const f = families.find((x) => x.name === name);
  if (!f) throw new Error(`no generated family ${name}`);
  return f;
};

/** Why a family cannot be generated on this machine, or null when it can. */
export function fixtureUnavailable(family: string): string | null {
  const f = familyOf(family);
  if (f.output.endsWith('-lo') && !hasSoffice())
    return 'LibreOffice is not installed (apt-get install -y libreoffice-writer-nogui)';
  if (f.output === 'pdf-typst' && !hasTypst()) return 'the Typst compiler is not installed';
  if (f.output.startsWith('pdf') && f.output !== 'pdf-typst' && !hasChromium())
    return 'Chromium is not installed (apt-get install -y chromium)';
  return null;
}

/** Why a named fixture cannot be generated here (for `it.skipIf`), or null. */
export const fixtureSkip = (name: FixtureName): string | null =>
  fixtureUnavailable(fixtureSpecs[name].family);

const cacheRoot = () => path.join(os.tmpdir(), 'folio-fixtures');
const pending = new Map<string, Promise<Fixture[]>>();

/** Every fixture document of one family (FIXTURES_PER_FAMILY of them), generated once per machine. */
export function fixtureFamily(family: string): Promise<Fixture[]> {
  let p = pending.get(family);
  if (!p) {
    p = build(family);
    pending.set(family, p);
    p.catch(() => pending.delete(family));
  }
  return p;
}

async function build(family: string): Promise<Fixture[]> {
  const why = fixtureUnavailable(family);
  if (why) throw new Error(`cannot generate the ${family} fixtures: ${why}`);
  const fam = familyOf(family);
  const plan = planFamily(fam, FIXTURE_SEED, FIXTURES_PER_FAMILY);
  const dir = path.join(cacheRoot(), cacheKey(FIXTURE_SEED, FIXTURES_PER_FAMILY), family);
  const complete = () =>
    plan.every((d) => existsSync(path.join(dir, 'docs', `${d.name}.${outputExt[fam.output]}`)));
  if (!existsSync(dir) || !complete()) {
    mkdirSync(path.dirname(dir), { recursive: true });
    const tmp = mkdtempSync(path.join(path.dirname(dir), `.${family}-`));
    try {
      await generateCorpus({
        outDir: tmp,
        seed: FIXTURE_SEED,
        perFamily: FIXTURES_PER_FAMILY,
        families: [fam],
      });
      if (existsSync(dir) && !complete()) rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(path.join(tmp, family), dir);
      } catch (err) {
        // another process put its copy in place first: use that one
        if (!existsSync(dir)) throw err;
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return plan.map((d) => {
    const filename = `${d.name}.${d.ext}`;
    return {
      file: path.join(dir, 'docs', filename),
      filename,
      gold: d.gold, // the same as the cached gold file: planFamily is deterministic
      family,
    };
  });
}

/** One named fixture document and its gold. */
export async function fixtureDocument(name: FixtureName): Promise<Fixture> {
  const spec = fixtureSpecs[name];
  const all = await fixtureFamily(spec.family);
  return all[spec.index]!;
}

/** The bytes of a fixture document. */
export const fixtureBytes = (f: Fixture): Uint8Array => new Uint8Array(readFileSync(f.file));

/** Every named fixture this machine can generate (the DOC needs LibreOffice), in a fixed order. */
export async function fixtureDocuments(): Promise<Fixture[]> {
  const names = (Object.keys(fixtureSpecs) as FixtureName[]).filter((n) => !fixtureSkip(n));
  const out: Fixture[] = [];
  for (const n of names) out.push(await fixtureDocument(n));
  return out;
}

/**
 * The first fixture of a family whose parse has the marks a test needs (e.g. a school "Check
 * this", or none at all), with those marks: tests about marks search the generated documents
 * rather than depend on one document's parse. Throws when none of the family's documents fits.
 */
export async function fixtureWithMarks(
  family: string,
  fits: (uncertain: UncertainField[]) => boolean,
): Promise<Fixture & { uncertain: UncertainField[] }> {
  for (const doc of await fixtureFamily(family)) {
    // the marks the review shows: the parser's and its review's, one per entry (withImportRead)
    const read = await parseResumeWithConfidence(fixtureBytes(doc), nodePdfAssets());
    const uncertain = onePerEntry([...read.uncertain, ...(read.review?.uncertain ?? [])]);
    if (fits(uncertain)) return { ...doc, uncertain };
  }
  throw new Error(`no generated ${family} document has the marks this test needs`);
}
