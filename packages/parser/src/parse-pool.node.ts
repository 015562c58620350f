/**
 * The pool of parser processes: the code base's one worker pool (WorkerPool, in @folio/core, with
 * its fair queue) over child processes. It runs on the parse broker's thread
 * (parse-broker.node.ts), never on a server's main thread: callers use worker.node.ts.
 *
 * Parse in worker processes with a time limit and a memory limit. Workers are kept warm and
 * reused; a worker that times out is killed (PARSE_TIMEOUT) and one that dies (out of memory,
 * crash) gives FILE_CORRUPT. A fresh worker replaces either.
 *
 * Processes, not worker threads: a thread's `resourceLimits` are best-effort, and some
 * allocations past them (one large array, as a damaged PDF makes pdf.js build) abort the whole
 * process: one upload would take the server down (nodejs/node#47224). A child process with its
 * own heap limit dies alone. It also gets no secrets: its environment is empty but for the
 * parser's own switch (PARSER_MODEL).
 *
 * The time limit counts the parse only: a new worker first loads its modules (through tsx this
 * can take seconds on a busy machine) and posts `{ ready: true }`; the job is posted and its
 * timer started only then. Start-up itself has a separate, generous limit (`startupMs`).
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  AppError,
  WorkerPool,
  workerEntry,
  type ErrorCode,
  type ResumeData,
  type WorkerChannel,
  type WorkerPoolOptions,
} from '@folio/core';
import type { ParseOptions, ParseResult } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';

export interface WorkerLimits {
  /** Time limit per document, counted from when its worker starts it (default 10 s). */
  timeoutMs?: number;
  /** Heap limit of a worker in MB (default 256). */
  maxOldGenerationSizeMb?: number;
  /** Limit for a new worker's start-up (module loading), not counted in timeoutMs (default 60 s). */
  startupMs?: number;
  /**
   * Longest wait for a free worker before PARSE_BUSY, not counted in timeoutMs (default 120 s:
   * above the load bench's longest wait with 200 users signing up, importing and publishing at
   * once on two cores, where 30 s turned away about half of the imports; below Node's 300 s
   * request timeout, so the user hears "busy" rather than a dropped connection).
   */
  queueMs?: number;
  /**
   * Who the parse is for, e.g. `account:12` and `address:203.0.113.9`. Each key holds at most
   * all workers but one, and a waiting parse whose keys hold fewer workers goes first (see
   * WorkerPool): a sender of slow files never keeps everyone else from a worker.
   */
  keys?: readonly string[];
}

type Request = { bytes: Uint8Array; opts: ParseOptions };
type Reply = { ok: true; result: ParseResult } | { ok: false; code: ErrorCode; message: string };

/**
 * Workers: one per core, and one more that no single key can take (`KEY_SHARE`), so a slow
 * sender holding its share leaves a worker to everyone else.
 */
const MAX_WORKERS = Math.max(2, availableParallelism()) + 1;
const KEY_SHARE = MAX_WORKERS - 1;
const DEFAULT_HEAP_MB = 256;
/**
 * Young generation of a worker, in MB. V8 sizes it from the old-space limit, and at 256 MB it
 * is about 1 MB: every parse's short-lived garbage (pdf.js allocates hundreds of MB of it) was
 * promoted and swept by full collections over pdf.js's ~100 MB of tables, making a parse 4-7×
 * slower than in an unlimited process (ADR 32). 16 MB lets it die young; the old-space limit,
 * the one that stops a hostile document, is unchanged. Collections run on the worker's own
 * thread (`--single-threaded-gc`): the workers already fill the cores, and helper threads of one
 * worker's collector only took time from the others (one import alone 92 → 79 ms in the bench).
 */
const SEMI_SPACE_MB = 16;

const entry = workerEntry(new URL('./worker-entry.node.ts', import.meta.url));

/** A parser process with a heap limit of `heapMb`, as the pool's channel. */
function spawnProcess(heapMb: number): WorkerChannel<Request, Reply> {
  const worker = fork(fileURLToPath(entry.url), [], {
    execArgv: [
      ...entry.execArgv,
      `--max-old-space-size=${heapMb}`,
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
      '--single-threaded-gc',
    ],
    env: process.env.PARSER_MODEL ? { PARSER_MODEL: process.env.PARSER_MODEL } : {},
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  // an idle worker keeps no one running (a job's timer does while it runs)
  worker.unref();
  worker.channel?.unref();
  return {
    send: (request) => worker.send(request),
    onMessage: (listener) => worker.on('message', listener),
    onFailure: (listener) => {
      worker.on('error', (err) => listener('error', err));
      // out of memory (the heap limit), a crash or a kill
      worker.on('exit', () => listener('exit'));
    },
    stop: () =>
      new Promise<void>((gone) => {
        worker.removeAllListeners();
        worker.on('error', () => undefined);
        if (worker.exitCode !== null || worker.signalCode !== null) return gone();
        worker.once('exit', () => gone());
        worker.ref(); // wait for it to be gone
        worker.kill('SIGKILL');
      }),
  };
}

const poolOptions: WorkerPoolOptions<Request, Reply, ParseResult> = {
  maxWorkers: MAX_WORKERS,
  keyShare: KEY_SHARE,
  startupMs: 60_000,
  spawn: spawnProcess,
  outcome: (reply) =>
    reply.ok
      ? { ok: true, value: reply.result }
      : { ok: false, error: new AppError(reply.code, reply.message) },
  errors: {
    timeout: () => new AppError('PARSE_TIMEOUT'),
    // a worker that ends mid-parse (its heap limit, a crash): the document could not be read
    failed: (kind, cause) =>
      new AppError(kind === 'exit' ? 'FILE_CORRUPT' : 'PARSE_FAILED', undefined, { cause }),
    startup: () => new AppError('PARSE_FAILED', 'parser worker did not start'),
    busy: () => new AppError('PARSE_BUSY'),
  },
};

/** The pool, made at first use and again after closeWorkers. */
let pool: WorkerPool<Request, Reply, ParseResult> | undefined;
const thePool = () => (pool ??= new WorkerPool(poolOptions));

export async function parseInWorker(
  bytes: Uint8Array,
  opts: ParseOptions = {},
  limits: WorkerLimits = {},
): Promise<ResumeData> {
  return (await parseInWorkerWithConfidence(bytes, opts, limits)).data;
}

/** parseInWorker with what the parser is unsure of and the text it read (see ParseResult). */
export async function parseInWorkerWithConfidence(
  bytes: Uint8Array,
  opts: ParseOptions = {},
  limits: WorkerLimits = {},
): Promise<ParseResult> {
  const pool = thePool();
  return pool.run(
    { bytes, opts: { ...nodePdfAssets(), ...opts } },
    {
      timeoutMs: limits.timeoutMs ?? 10_000,
      queueMs: limits.queueMs ?? 120_000,
      keys: limits.keys,
      size: bytes.length,
      variant: limits.maxOldGenerationSizeMb ?? DEFAULT_HEAP_MB,
    },
  );
}

/**
 * Start one worker ahead of the first upload, so the first user does not wait for its module
 * loading (about two seconds through tsx). It idles until a parse takes it; nothing is kept
 * running on its account (see `unref` in spawnProcess).
 */
export function warmWorkers(limits: Pick<WorkerLimits, 'maxOldGenerationSizeMb'> = {}): void {
  thePool().warm(limits.maxOldGenerationSizeMb ?? DEFAULT_HEAP_MB);
}

/** Most worker processes the pool runs at once. */
export const parserWorkers = MAX_WORKERS;

/** How many worker processes are alive (idle or busy). */
export function liveWorkers(): number {
  return pool?.live ?? 0;
}

/** Stop all workers (tests, shutdown); parses still running or waiting get PARSE_BUSY. */
export async function closeWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
