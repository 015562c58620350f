/**
 * Parse with a time limit and a memory limit, in worker processes (parse-pool.node.ts: why
 * processes, the limits, the fair queue). The pool runs on a thread of its own, the parse broker
 * (parse-broker.node.ts), so a busy caller's event loop never stands between a worker's result
 * and its next document; this module is the caller's side: it posts each job to the broker and
 * settles its promise with the answer. Started on first use; an idle broker keeps no one running.
 */
import { Worker } from 'node:worker_threads';
import { AppError, workerEntry, type ErrorCode, type ResumeData } from '@folio/core';
import type { ParseOptions, ParseResult } from './index.ts';
import { parserWorkers, type WorkerLimits } from './parse-pool.node.ts';

export { parserWorkers, type WorkerLimits };

/** What worker.node.ts posts to the broker. */
export type BrokerRequest =
  | { type: 'parse'; id: number; bytes: Uint8Array; opts: ParseOptions; limits: WorkerLimits }
  | { type: 'warm'; limits: Pick<WorkerLimits, 'maxOldGenerationSizeMb'> }
  | { type: 'live'; id: number }
  | { type: 'close'; id: number };

/** The broker's answer to one request. */
type Answer =
  | { id: number; ok: true; result: ParseResult }
  | { id: number; ok: true; live: number }
  | { id: number; ok: false; code: ErrorCode; message: string };

/** What the broker posts: `ready` once loaded, then answers. */
export type BrokerReply = { ready: true } | Answer;

interface Pending {
  resolve: (answer: Answer) => void;
  reject: (e: AppError) => void;
}

let broker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function start(): Worker {
  if (broker) return broker;
  const entry = workerEntry(new URL('./parse-broker.node.ts', import.meta.url));
  const thread = new Worker(entry.url, { execArgv: entry.execArgv });
  thread.on('message', (msg: BrokerReply) => {
    if ('ready' in msg) return;
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    if (pending.size === 0) thread.unref();
    job.resolve(msg);
  });
  // the broker itself failing (never a document: those fail in their process) fails its jobs
  const fail = (cause: unknown) => {
    if (broker === thread) broker = undefined;
    const jobs = [...pending.values()];
    pending.clear();
    for (const job of jobs) job.reject(new AppError('PARSE_FAILED', undefined, { cause }));
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`parse broker exited (${code})`)));
  thread.unref(); // after the listeners: a 'message' listener refs the port again
  broker = thread;
  return thread;
}

/** Posts a request that is answered, keeping the process alive until it is. */
function ask(request: (id: number) => BrokerRequest, transfer: ArrayBuffer[] = []) {
  const thread = start();
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage(request(id), transfer);
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
  // a copy of its own is moved to the broker: the caller's bytes stay the caller's (not
  // `slice`: on a Buffer it is a view, and its ArrayBuffer may be Node's shared pool)
  const copy = new Uint8Array(bytes);
  const reply = await ask(
    (id) => ({ type: 'parse', id, bytes: copy, opts, limits: { ...limits } }),
    [copy.buffer],
  );
  if (!reply.ok) throw new AppError(reply.code, reply.message);
  if (!('result' in reply)) throw new AppError('PARSE_FAILED');
  return reply.result;
}

/**
 * Start one worker ahead of the first upload, so the first user does not wait for its module
 * loading (about two seconds through tsx). It idles until a parse takes it; nothing is kept
 * running on its account.
 */
export function warmWorkers(limits: Pick<WorkerLimits, 'maxOldGenerationSizeMb'> = {}): void {
  start().postMessage({ type: 'warm', limits } satisfies BrokerRequest);
}

/** How many worker processes are alive (idle or busy). */
export async function liveWorkers(): Promise<number> {
  const reply = await ask((id) => ({ type: 'live', id }));
  return reply.ok && 'live' in reply ? reply.live : 0;
}

/** Stop all workers and the broker (tests, shutdown). */
export async function closeWorkers(): Promise<void> {
  const thread = broker;
  if (!thread) return;
  await ask((id) => ({ type: 'close', id }));
  broker = undefined;
  await thread.terminate();
}
