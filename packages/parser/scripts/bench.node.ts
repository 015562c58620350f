/** Warm in-process parse time per corpus document (median of 5 runs). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseResume } from '../src/index.ts';
import { nodePdfAssets } from '../src/pdf-assets.node.ts';
import { corpusDocsDir as dir } from '../corpus/index.node.ts';

for (const f of readdirSync(dir).sort()) {
  const bytes = new Uint8Array(readFileSync(path.join(dir, f)));
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await parseResume(bytes, nodePdfAssets()).catch(() => undefined);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${f.padEnd(45)} ${times[2]?.toFixed(0)} ms`);
}
