import fs from 'node:fs';
import path from 'node:path';
import { corpusDocsDir, corpusDocsNote, hasCorpusDocs } from '@folio/parser/corpus';
import { fixtureDocuments } from '@folio/parser/fixtures';

/**
 * The documents the parse and import benchmarks use: the real corpus's (outside the repository,
 * corpus/index.node.ts) when they are on this machine, else the generated test documents
 * (corpus/fixtures.node.ts), with a note saying so. Sorted by name.
 */
export async function benchDocuments(): Promise<{ name: string; file: string }[]> {
  if (hasCorpusDocs())
    return fs
      .readdirSync(corpusDocsDir)
      .filter((f) => /\.(pdf|docx?)$/i.test(f))
      .sort()
      .map((f) => ({ name: f, file: path.join(corpusDocsDir, f) }));
  console.log(corpusDocsNote('benchmarking the generated test documents instead.'));
  return (await fixtureDocuments())
    .map((f) => ({ name: f.filename, file: f.file }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
