import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** The server's process id. */
  pid: number;
  /** Ends the process with a signal (e.g. SIGKILL to simulate a crash) and waits for it. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  /** Use this DATA_DIR (kept on stop) instead of a fresh temporary one. */
  dataDir?: string;
  /**
   * Run the server compiled ahead of time (apps/server/dist, as `npm start` does, built by
   * `node scripts/build-server.mjs`) with plain node, instead of its sources through tsx.
   */
  compiled?: boolean;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The real server (built web app, embedded database in a fresh temporary DATA_DIR) on a free
 * port, for browser tests and benchmarks. Resolves once /healthz answers.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'folio-run-'));
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const entry = options.compiled
    ? ['apps/server/dist/main.mjs']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };

  // Generous: on a loaded two-core machine, tsx compiling the server can take over a minute.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { baseURL, dataDir, output: () => output, stop, pid: child.pid ?? 0, kill };
}

/** The TCP port a started server listens on. */
export const portOf = (server: ServerProcess) => Number(new URL(server.baseURL).port);

/** Polls `check` until it holds (for hooks, which cannot use expect.poll); throws after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The server processes of a `WORKERS=N` supervisor, in order. (Its other child, tsx's esbuild
 * service, does not count.)
 */
export function workersOf(supervisor: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(supervisor), '-f', 'main\\.ts'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .sort();
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

/**
 * The workers of a `WORKERS=N` supervisor that are alive and have started listening (the
 * supervisor logs "worker {pid} is listening"). A forked worker that has not yet listened
 * takes no connections.
 */
export function listeningWorkersOf(server: ServerProcess): number[] {
  const listening = new Set(
    [...server.output().matchAll(/worker (\d+) is listening/g)].map((m) => Number(m[1])),
  );
  return workersOf(server.pid).filter((pid) => listening.has(pid));
}

/** Whether a process with this id is running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
