/**
 * `npm run bench`: every benchmark of the project, printed as one table and written as JSON
 * (bench-results/latest.json) for comparison between runs. Figures are reported against a
 * reference measured in the same run, so machines of different speed can be compared.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoutesBench } from './bench/app-routes.ts';
import { coldStartBench } from './bench/cold-start.ts';
import { growthBench } from './bench/growth.ts';
import { hostingBench } from './bench/hosting.ts';
import { lighthouseBench } from './bench/lighthouse.ts';
import { loadBench } from './bench/load.ts';
import { parseBench } from './bench/parse.ts';
import { previewLatencyBench } from './bench/preview-latency.ts';
import { publicPagesBench } from './bench/public-pages.ts';
import { renderBench } from './bench/render.ts';
import { signInBurstBench } from './bench/sign-in-burst.ts';
import type { BenchRow } from './bench/types.ts';

const sections: { name: string; run: () => Promise<BenchRow[]> }[] = [
  { name: 'parse', run: parseBench },
  { name: 'render', run: renderBench },
  { name: 'lighthouse', run: lighthouseBench },
  { name: 'preview', run: previewLatencyBench },
  { name: 'hosting', run: hostingBench },
  { name: 'load', run: loadBench },
  { name: 'growth', run: growthBench },
  { name: 'public', run: publicPagesBench },
  { name: 'app-routes', run: appRoutesBench },
  { name: 'burst', run: signInBurstBench },
  { name: 'cold-start', run: coldStartBench },
];

const only = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const section of sections) {
  if (only.length && !only.includes(section.name)) continue;
  process.stderr.write(`running ${section.name}…\n`);
  rows.push(...(await section.run()));
}

const machine = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
  memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  date: new Date().toISOString(),
};

const fmt = (n: number | undefined, digits = 2) => (n === undefined ? '' : n.toFixed(digits));
const table = [
  ['section', 'measure', 'value', 'unit', 'reference', 'ratio', 'goal', 'met'],
  ...rows.map((r) => [
    r.section,
    r.name,
    fmt(r.value),
    r.unit,
    r.reference ? `${fmt(r.reference.value)} (${r.reference.name})` : '',
    r.reference ? `${fmt(r.value / r.reference.value)}×` : '',
    r.goal ?? '',
    r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`Machine: ${machine.cpus}, ${machine.memory}, ${machine.os}, Node ${machine.node}`);
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, j) => cell.padEnd(widths[j]!)).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

const outDir = path.resolve('bench-results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ machine, rows }, null, 2));
console.log(`\nWritten: ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`);
