/**
 * Warm in-process parse time per corpus document (median of 5 runs): the real corpus's documents,
 * or the generated test documents (corpus/fixtures.node.ts) when those are absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResume } from '../src/index.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import { corpusDocsDir as dir, corpusDocsNote, hasCorpusDocs } from '../corpus/index.node.ts';
import { fixtureDocuments } from '../corpus/fixtures.node.ts';

let files: { name: string; file: string }[];
if (hasCorpusDocs()) {
  files = readdirSync(dir)
    .sort()
    .map((f) => ({ name: f, file: path.join(dir, f) }));
} else {
  console.log(corpusDocsNote('timing the generated test documents instead.'));
  files = (await fixtureDocuments()).map((f) => ({ name: f.filename, file: f.file }));
}
for (const { name, file } of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await parseResume(bytes, nodePdfAssets()).catch(() => undefined);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(45)} ${times[2]?.toFixed(0)} ms`);
}
