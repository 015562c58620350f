/**
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
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError, type ErrorCode, type ResumeData } from '@folio/core';
import type { ParseOptions, ParseResult } from './index.ts';
import { nodePdfAssets } from './pdf-assets.node.ts';

export interface WorkerLimits {
  /** Time limit per document (default 10 s). */
  timeoutMs?: number;
  /** Heap limit of a worker in MB (default 256). */
  maxOldGenerationSizeMb?: number;
  /** Limit for a new worker's start-up (module loading), not counted in timeoutMs (default 60 s). */
  startupMs?: number;
}

type Reply =
  | { ready: true; id?: undefined }
  | { id: number; ok: true; result: ParseResult }
  | { id: number; ok: false; code: ErrorCode; message: string };

interface Job {
  id: number;
  resolve: (d: ParseResult) => void;
  reject: (e: AppError) => void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: ChildProcess;
  heapMb: number;
  /** Taken by a caller (set synchronously in acquire, cleared when its job settles). */
  busy: boolean;
  job?: Job;
  /** Resolves when the worker has loaded the parser; rejects if it dies first. */
  ready: Promise<void>;
  /** Settles `ready` with an error (worker died or start-up failed). */
  failStart: (e: AppError) => void;
}

const MAX_WORKERS = 2;
const DEFAULT_HEAP_MB = 256;
const slots: Slot[] = [];
const waiting: (() => void)[] = [];
let nextId = 1;

function spawn(heapMb: number): Slot {
  const worker = fork(fileURLToPath(new URL('./worker-entry.node.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${heapMb}`],
    env: process.env.PARSER_MODEL ? { PARSER_MODEL: process.env.PARSER_MODEL } : {},
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  let onReady = (): void => undefined;
  let failStart = (_e: AppError): void => undefined;
  const ready = new Promise<void>((res, rej) => {
    onReady = res;
    failStart = rej;
  });
  ready.catch(() => undefined); // observed by the caller that waits on it
  const slot: Slot = { worker, heapMb, busy: true, ready, failStart };
  const fail = (code: ErrorCode, cause?: unknown) => {
    const job = slot.job;
    slot.failStart(new AppError(code, undefined, { cause }));
    retire(slot);
    if (job) {
      clearTimeout(job.timer);
      job.reject(new AppError(code, undefined, { cause }));
    }
  };
  worker.on('message', (msg: Reply) => {
    if ('ready' in msg) {
      onReady();
      return;
    }
    const job = slot.job;
    if (!job || msg.id !== job.id) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.busy = false;
    if (msg.ok) job.resolve(msg.result);
    else job.reject(new AppError(msg.code, msg.message));
    release();
  });
  worker.on('error', (err: Error) => fail('PARSE_FAILED', err));
  // out of memory (the heap limit), a crash or a kill: the document could not be read
  worker.on('exit', () => fail('FILE_CORRUPT'));
  // an idle worker keeps no one running (a job's timer does while it runs)
  worker.unref();
  worker.channel?.unref();
  slots.push(slot);
  return slot;
}

function retire(slot: Slot): void {
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
  slot.job = undefined;
  slot.worker.removeAllListeners();
  slot.worker.on('error', () => undefined);
  slot.worker.kill('SIGKILL');
  release();
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
}

async function acquire(heapMb: number): Promise<Slot> {
  for (;;) {
    const free = slots.find((s) => !s.busy && s.heapMb === heapMb);
    if (free) {
      free.busy = true;
      return free;
    }
    if (slots.length < MAX_WORKERS) return spawn(heapMb);
    const idle = slots.find((s) => !s.busy);
    if (idle) {
      retire(idle);
      continue;
    }
    await new Promise<void>((r) => waiting.push(r));
  }
}

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
  const timeoutMs = limits.timeoutMs ?? 10_000;
  const slot = await acquire(limits.maxOldGenerationSizeMb ?? DEFAULT_HEAP_MB);
  const startup = setTimeout(() => {
    slot.failStart(new AppError('PARSE_FAILED', 'parser worker did not start'));
    retire(slot);
  }, limits.startupMs ?? 60_000);
  try {
    await slot.ready;
  } finally {
    clearTimeout(startup);
  }
  return new Promise<ParseResult>((resolve, reject) => {
    const job: Job = { id: nextId++, resolve, reject };
    slot.job = job;
    job.timer = setTimeout(() => {
      retire(slot);
      reject(new AppError('PARSE_TIMEOUT'));
    }, timeoutMs);
    slot.worker.send({ id: job.id, bytes, opts: { ...nodePdfAssets(), ...opts } });
  });
}

/**
 * Start one worker ahead of the first upload, so the first user does not wait for its module
 * loading (about two seconds through tsx). It idles until a parse takes it; nothing is kept
 * running on its account (see `unref` in spawn).
 */
export function warmWorkers(limits: Pick<WorkerLimits, 'maxOldGenerationSizeMb'> = {}): void {
  if (slots.length > 0) return;
  spawn(limits.maxOldGenerationSizeMb ?? DEFAULT_HEAP_MB).busy = false;
}

/** How many worker processes are alive (idle or busy). */
export function liveWorkers(): number {
  return slots.length;
}

/** Stop all workers (tests, shutdown). */
export async function closeWorkers(): Promise<void> {
  await Promise.all(
    slots.splice(0).map(
      (s) =>
        new Promise<void>((done) => {
          s.worker.removeAllListeners();
          if (s.worker.exitCode !== null || s.worker.signalCode !== null) return done();
          s.worker.once('exit', () => done());
          s.worker.ref(); // wait for it to be gone
          s.worker.kill('SIGKILL');
        }),
    ),
  );
}
