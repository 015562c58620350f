import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../lib/server-process.ts';
import { median, type BenchRow } from './types.ts';

/*
 * Server cold start: from spawning the process to /healthz answering, on an existing data
 * directory (a restart; the first open of a new embedded database adds ~3 s to either), the
 * compiled server (`npm start`: plain node) against its sources through tsx, in the same run.
 */
const RUNS = 5;

async function startMs(dataDir: string, compiled: boolean): Promise<number> {
  const started = performance.now();
  const server = await startServer({}, { dataDir, compiled });
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

export async function coldStartBench(): Promise<BenchRow[]> {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'ignore' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cold-'));
  try {
    await startMs(dataDir, true); // creates the database
    const tsx: number[] = [];
    const compiled: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      tsx.push(await startMs(dataDir, false));
      compiled.push(await startMs(dataDir, true));
    }
    const reference = median(tsx);
    const value = median(compiled);
    return [
      {
        section: 'cold start',
        name: `server process to /healthz, compiled (median of ${RUNS})`,
        value,
        unit: 'ms',
        reference: { name: 'sources through tsx', value: reference },
        goal: '< tsx',
        met: value < reference,
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
