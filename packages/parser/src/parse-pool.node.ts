/**
 * The pool of parser processes and the fair queue in front of it. It runs on the parse broker's
 * thread (parse-broker.node.ts), never on a server's main thread: callers use worker.node.ts.
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
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppError, workerEntry, type ErrorCode, type ResumeData } from '@folio/core';
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
   * `dispatch`): a sender of slow files never keeps everyone else from a worker.
   */
  keys?: readonly string[];
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
  /** Taken by a caller (set synchronously when granted, cleared when its job settles). */
  busy: boolean;
  job?: Job;
  /** Resolves when the worker has loaded the parser; rejects if it dies first. */
  ready: Promise<void>;
  /** Settles `ready` with an error (worker died or start-up failed). */
  failStart: (e: AppError) => void;
}

/** A parse waiting for a worker. */
interface Waiter {
  keys: readonly string[];
  heapMb: number;
  /** Arrival order. */
  seq: number;
  /** When it came (ms, monotonic clock). */
  since: number;
  /** The document's size in bytes: the estimate of its work. */
  size: number;
  grant: (slot: Slot) => void;
  timer: ReturnType<typeof setTimeout>;
}

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
const slots: Slot[] = [];
const waiting: Waiter[] = [];
/** Workers held per key, and the arrival number of each key's last grant (round robin). */
const held = new Map<string, number>();
const lastGrant = new Map<string, number>();
let nextId = 1;
let nextSeq = 1;

const entry = workerEntry(new URL('./worker-entry.node.ts', import.meta.url));

function spawn(heapMb: number): Slot {
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
    if (job) {
      clearTimeout(job.timer);
      job.reject(new AppError(code, undefined, { cause }));
    }
    retire(slot);
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
    dispatch();
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
  dispatch();
}

/** A worker for a job now (taken: busy), or undefined if all are busy. */
function takeSlot(heapMb: number): Slot | undefined {
  const free = slots.find((s) => !s.busy && s.heapMb === heapMb);
  if (free) {
    free.busy = true;
    return free;
  }
  if (slots.length < MAX_WORKERS) return spawn(heapMb);
  const idle = slots.find((s) => !s.busy);
  if (!idle) return undefined;
  // an idle worker of another heap size makes room (retire's dispatch finds this waiter again)
  const i = slots.indexOf(idle);
  slots.splice(i, 1);
  idle.worker.removeAllListeners();
  idle.worker.on('error', () => undefined);
  idle.worker.kill('SIGKILL');
  return spawn(heapMb);
}

const holding = (w: Waiter) => w.keys.reduce((n, k) => n + (held.get(k) ?? 0), 0);
const lastServed = (w: Waiter) => Math.max(0, ...w.keys.map((k) => lastGrant.get(k) ?? 0));
/**
 * Within the same standing, the smaller document first (shortest job first: a one-page resume
 * is not kept behind a large one sent from the same address), unless either has waited
 * SMALL_FIRST_MS: then arrival order, so a large document is never passed over for long.
 */
const SMALL_FIRST_MS = 5_000;
const bySize = (a: Waiter, b: Waiter) => {
  const now = performance.now();
  if (now - a.since >= SMALL_FIRST_MS || now - b.since >= SMALL_FIRST_MS) return 0;
  return a.size - b.size;
};
const before = (a: Waiter, b: Waiter) =>
  (holding(a) - holding(b) || lastServed(a) - lastServed(b) || bySize(a, b) || a.seq - b.seq) < 0;

/**
 * Gives free workers to waiting parses, fairly: a parse may start only while each of its keys
 * holds fewer than KEY_SHARE workers; among those, the one whose keys hold the fewest workers
 * goes first, then the one whose keys were served longest ago, then the one that came first.
 * So one key's queue never stands ahead of another key's first parse.
 */
function dispatch(): void {
  while (waiting.length > 0) {
    let best: Waiter | undefined;
    for (const w of waiting) {
      if (w.keys.some((k) => (held.get(k) ?? 0) >= KEY_SHARE)) continue;
      if (!best || before(w, best)) best = w;
    }
    if (!best) return;
    const slot = takeSlot(best.heapMb);
    if (!slot) return;
    waiting.splice(waiting.indexOf(best), 1);
    clearTimeout(best.timer);
    for (const k of best.keys) {
      held.set(k, (held.get(k) ?? 0) + 1);
      lastGrant.set(k, best.seq);
    }
    best.grant(slot);
  }
}

function unhold(keys: readonly string[]): void {
  for (const k of keys) {
    const n = (held.get(k) ?? 0) - 1;
    if (n > 0) held.set(k, n);
    else {
      held.delete(k);
      if (!waiting.some((w) => w.keys.includes(k))) lastGrant.delete(k);
    }
  }
}

/** Waits for a worker (fairly, see dispatch); PARSE_BUSY after `queueMs`. */
function acquire(
  heapMb: number,
  keys: readonly string[],
  queueMs: number,
  size: number,
): Promise<Slot> {
  return new Promise<Slot>((resolve, reject) => {
    const waiter: Waiter = {
      keys: [...new Set(keys)],
      heapMb,
      seq: nextSeq++,
      since: performance.now(),
      size,
      grant: resolve,
      timer: setTimeout(() => {
        const i = waiting.indexOf(waiter);
        if (i < 0) return;
        waiting.splice(i, 1);
        reject(new AppError('PARSE_BUSY'));
      }, queueMs),
    };
    waiting.push(waiter);
    dispatch();
  });
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
  const keys = [...new Set(limits.keys ?? [])];
  const slot = await acquire(
    limits.maxOldGenerationSizeMb ?? DEFAULT_HEAP_MB,
    keys,
    limits.queueMs ?? 120_000,
    bytes.length,
  );
  let settled = false;
  const done = () => {
    if (settled) return;
    settled = true;
    unhold(keys);
  };
  try {
    const startup = setTimeout(() => {
      slot.failStart(new AppError('PARSE_FAILED', 'parser worker did not start'));
      retire(slot);
    }, limits.startupMs ?? 60_000);
    try {
      await slot.ready;
    } finally {
      clearTimeout(startup);
    }
    return await new Promise<ParseResult>((resolve, reject) => {
      // the keys are given back before the worker is (`dispatch` then sees both)
      const job: Job = {
        id: nextId++,
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      slot.job = job;
      job.timer = setTimeout(() => {
        job.reject(new AppError('PARSE_TIMEOUT'));
        retire(slot);
      }, timeoutMs);
      slot.worker.send({ id: job.id, bytes, opts: { ...nodePdfAssets(), ...opts } });
    });
  } finally {
    if (!settled) {
      done();
      dispatch();
    }
  }
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

/** Most worker processes the pool runs at once. */
export const parserWorkers = MAX_WORKERS;

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
