/**
 * The one place that knows where the parser's development corpora live: inside the repository,
 * so a fresh clone is complete. Tests, scripts, benchmarks and e2e specs import from here
 * (`@folio/parser/corpus`); nothing else derives a corpus path.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real corpus (README.md here): public resumes with hand-made gold files and the scorer. */
export const corpusDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'real');
/** Its documents (PDF and DOCX), one gold file each. */
export const corpusDocsDir = path.join(corpusDir, 'docs');
/** Its gold files, `NAME.gold.json` for each `docs/NAME.*`. */
export const corpusGoldDir = path.join(corpusDir, 'gold');

/**
 * The generated corpus (generator/README in ../README.md): one folder per layout family, each
 * with `docs/` and `gold/` like the real corpus. A rebuilt cache, not committed: `npm run
 * corpus:generate` (and `npm run eval:parser`) write it when the generator has changed.
 */
export const generatedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generated');
/** The generator's sources (families, persona bank, renderers, held-out split). */
export const generatorDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generator');
