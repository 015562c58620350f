/**
 * Builds pages (previews and published versions) in worker threads, so that rendering a large
 * portfolio never holds up the requests the server is answering meanwhile. The pattern is the
 * parser's (packages/parser/src/worker.node.ts): a few workers kept warm and reused, each with a
 * heap limit; a render that passes its time limit has its worker terminated (RENDER_BUSY), a
 * worker that dies fails its render, and a fresh worker replaces either.
 *
 * The time limit counts the render only: a new worker first loads its modules and posts
 * `{ ready: true }`; start-up has its own, generous limit. Renders beyond the pool's size wait
 * their turn; beyond `maxQueue` waiting, a render is refused at once (RENDER_BUSY).
 */
import { Worker } from 'node:worker_threads';
import { AppError, workerEntry, type ErrorCode } from '@folio/core';
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

type Reply =
  | { ready: true; id?: undefined }
  | { id: number; ok: true; html: string }
  | { id: number; ok: false; code: ErrorCode; message: string; detail?: string };

interface Job {
  id: number;
  resolve: (html: string) => void;
  reject: (e: AppError) => void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: Worker;
  /** Taken by a caller (set synchronously in acquire, cleared when its job settles). */
  busy: boolean;
  job?: Job;
  /** Resolves when the worker has loaded the renderer; rejects if it dies first. */
  ready: Promise<void>;
  failStart: (e: AppError) => void;
}

const entry = workerEntry(new URL('./render-worker.node.ts', import.meta.url));

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private closed = false;
  private readonly limits: Required<RenderPoolOptions>;
  /** Renders running in a worker right now. */
  active = 0;

  constructor(options: RenderPoolOptions = {}) {
    this.limits = {
      workers: options.workers ?? 2,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 256,
      startupMs: options.startupMs ?? 60_000,
      maxQueue: options.maxQueue ?? 100,
    };
  }

  /**
   * The page of `content` (stored portfolio content, read with normalizeContent in the worker).
   * Rejects with an AppError: RENDER_BUSY (time limit, queue full), VALIDATION (content that
   * cannot be read), INTERNAL (the renderer failed).
   */
  async render(content: unknown, options: RenderOptions): Promise<string> {
    const slot = await this.acquire();
    const startup = setTimeout(() => {
      slot.failStart(new AppError('RENDER_BUSY', undefined, { cause: 'worker start-up' }));
      this.retire(slot);
    }, this.limits.startupMs);
    try {
      await slot.ready;
    } finally {
      clearTimeout(startup);
    }
    return new Promise<string>((resolve, reject) => {
      const job: Job = { id: this.nextId++, resolve, reject };
      slot.job = job;
      this.active += 1;
      job.timer = setTimeout(() => {
        this.retire(slot);
        reject(new AppError('RENDER_BUSY'));
      }, this.limits.timeoutMs);
      slot.worker.postMessage({ id: job.id, content, options });
    });
  }

  /** Stops all workers (server shutdown, tests); later renders are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.failStart(new AppError('RENDER_BUSY'));
      this.finish(slot, new AppError('RENDER_BUSY'));
    }
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(entry.url, {
      execArgv: entry.execArgv,
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: 32,
        stackSizeMb: 8,
      },
      stdout: true,
      stderr: true,
    });
    let onReady = (): void => undefined;
    let failStart = (_e: AppError): void => undefined;
    const ready = new Promise<void>((res, rej) => {
      onReady = res;
      failStart = rej;
    });
    ready.catch(() => undefined); // observed by the caller that waits on it
    const slot: Slot = { worker, busy: true, ready, failStart };
    const fail = (cause?: unknown) => {
      const error = new AppError('INTERNAL', 'The page could not be built.', { cause });
      slot.failStart(error);
      this.finish(slot, error);
      this.retire(slot);
    };
    worker.on('message', (msg: Reply) => {
      if ('ready' in msg) {
        onReady();
        return;
      }
      const job = slot.job;
      if (!job || msg.id !== job.id) return;
      if (msg.ok) this.finish(slot, null, msg.html);
      else {
        const cause = msg.detail ? new Error(msg.detail) : undefined;
        this.finish(slot, new AppError(msg.code, msg.message, { cause }));
      }
      this.release();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
    worker.unref(); // after the listeners: adding a 'message' listener refs the port again
    this.slots.push(slot);
    return slot;
  }

  /** Settles the slot's job (if any) and frees the slot. */
  private finish(slot: Slot, error: AppError | null, html?: string): void {
    const job = slot.job;
    slot.job = undefined;
    slot.busy = false;
    if (!job) return;
    clearTimeout(job.timer);
    this.active -= 1;
    if (error) job.reject(error);
    else job.resolve(html ?? '');
  }

  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (slot.job) {
      clearTimeout(slot.job.timer);
      this.active -= 1;
      slot.job = undefined;
    }
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    this.release();
  }

  private release(): void {
    this.waiting.shift()?.();
  }

  private async acquire(): Promise<Slot> {
    if (this.waiting.length >= this.limits.maxQueue) throw new AppError('RENDER_BUSY');
    for (;;) {
      if (this.closed) throw new AppError('RENDER_BUSY');
      const free = this.slots.find((s) => !s.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      if (this.slots.length < this.limits.workers) return this.spawn();
      await new Promise<void>((r) => this.waiting.push(r));
    }
  }
}
