/**
 * Builds pages (previews and published versions) in worker threads, so that rendering a large
 * portfolio never holds up the requests the server is answering meanwhile: the code base's one
 * worker pool (WorkerPool, in @folio/core) over threads, each with a heap limit. A render that
 * passes its time limit has its worker terminated (RENDER_BUSY), a worker that dies fails its
 * render, and a fresh worker replaces either.
 *
 * Threads, not processes as the parser's: the renderer reads content the server validated, not
 * a stranger's file, so a thread's best-effort heap limit suffices and start-up is cheaper.
 * Renders beyond the pool's size wait their turn; beyond `maxQueue` waiting, a render is refused
 * at once (RENDER_BUSY).
 */
import { Worker } from 'node:worker_threads';
import { AppError, WorkerPool, workerEntry, type ErrorCode, type WorkerChannel } from '@folio/core';
import type { RenderOptions } from '@folio/renderer';

export interface RenderPoolOptions {
  /** Worker threads at most (default 2). */
  workers?: number;
  /** Time limit of one render (default 10 s). */
  timeoutMs?: number;
  /** Heap limit of a worker in MB (default 256). */
  maxOldGenerationSizeMb?: number;
  /** Limit for a new worker's start-up (module loading), not counted in timeoutMs (default 60 s). */
  startupMs?: number;
  /** Renders that may wait for a free worker (default 100). */
  maxQueue?: number;
}

type Request = { content: unknown; options: RenderOptions; thumbnail?: boolean };
type Reply =
  { ok: true; html: string } | { ok: false; code: ErrorCode; message: string; detail?: string };

const entry = workerEntry(new URL('./render-worker.node.ts', import.meta.url));

/** A render thread with a heap limit of `heapMb`, as the pool's channel. */
function spawnThread(heapMb: number): WorkerChannel<Request, Reply> {
  const worker = new Worker(entry.url, {
    execArgv: entry.execArgv,
    resourceLimits: {
      maxOldGenerationSizeMb: heapMb,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 8,
    },
    stdout: true,
    stderr: true,
  });
  const channel: WorkerChannel<Request, Reply> = {
    send: (request) => worker.postMessage(request),
    onMessage: (listener) => {
      worker.on('message', listener);
      worker.unref(); // after the listener: adding a 'message' listener refs the port again
    },
    onFailure: (listener) => {
      worker.on('error', (err) => listener('error', err));
      worker.on('exit', (code) => listener('exit', new Error(`render worker exited (${code})`)));
    },
    stop: async () => {
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      await worker.terminate();
    },
  };
  return channel;
}

export class RenderPool {
  private readonly pool: WorkerPool<Request, Reply, string>;
  private readonly timeoutMs: number;
  private readonly heapMb: number;

  constructor(options: RenderPoolOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.heapMb = options.maxOldGenerationSizeMb ?? 256;
    this.pool = new WorkerPool({
      maxWorkers: options.workers ?? 2,
      startupMs: options.startupMs ?? 60_000,
      maxQueue: options.maxQueue ?? 100,
      spawn: spawnThread,
      outcome: (reply) => {
        if (reply.ok) return { ok: true, value: reply.html };
        const cause = reply.detail ? new Error(reply.detail) : undefined;
        return { ok: false, error: new AppError(reply.code, reply.message, { cause }) };
      },
      errors: {
        timeout: () => new AppError('RENDER_BUSY'),
        failed: (_kind, cause) =>
          new AppError('INTERNAL', 'The page could not be built.', { cause }),
        startup: () => new AppError('RENDER_BUSY', undefined, { cause: 'worker start-up' }),
        busy: () => new AppError('RENDER_BUSY'),
      },
    });
  }

  /** Renders running in a worker right now. */
  get active(): number {
    return this.pool.active;
  }

  /**
   * The page of `content` (stored portfolio content, read with normalizeContent in the worker).
   * Rejects with an AppError: RENDER_BUSY (time limit, queue full), VALIDATION (content that
   * cannot be read), INTERNAL (the renderer failed).
   */
  render(content: unknown, options: RenderOptions): Promise<string> {
    return this.pool.run({ content, options }, { timeoutMs: this.timeoutMs, variant: this.heapMb });
  }

  /**
   * The page of `content` as its thumbnail shows it (ADR 38): the sample persona while the resume
   * is empty, without executable scripts. Same limits and errors as `render`.
   */
  thumbnail(content: unknown, options: RenderOptions): Promise<string> {
    return this.pool.run(
      { content, options, thumbnail: true },
      { timeoutMs: this.timeoutMs, variant: this.heapMb },
    );
  }

  /** Stops all workers (server shutdown, tests); later renders are refused. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
