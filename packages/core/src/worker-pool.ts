/**
 * The one worker pool of the code base: warm workers reused across jobs, a time limit per job, a
 * fresh worker in place of one that timed out or died, and a fair queue in front. The parser runs
 * it over child processes (packages/parser/src/parse-pool.node.ts), the server's page builds over
 * worker threads (apps/server/src/shared/render-pool.node.ts); what a worker is, and which error
 * each failure becomes, is theirs to say. It needs nothing from Node: a worker is a channel.
 *
 * A new worker first loads its modules and posts `{ ready: true }`; a job's timer starts only
 * then, so the time limit counts the job, not start-up (which has its own limit, `startupMs`).
 *
 * Fairness (ADR 32): a job may carry keys (who it is for, e.g. `account:12`, `address:…`). A key
 * holds at most `keyShare` workers at once; among the jobs that may start, the one whose keys
 * hold the fewest workers goes first, then the one whose keys were served longest ago, then the
 * smaller (shortest job first, for `SMALL_FIRST_MS`), then the one that came first. Jobs without
 * keys or sizes are served in arrival order.
 */
import type { AppError } from './errors.ts';

/** A running worker, thread or process, seen from the pool. */
export interface WorkerChannel<Request, Reply> {
  send(request: Request & { id: number }): void;
  /** Every message the worker posts: `{ ready: true }` once, then replies carrying the job's id. */
  onMessage(listener: (message: { ready: true } | (Reply & { id: number })) => void): void;
  /** The worker failed (`error`) or ended (`exit`): its job, if any, fails. */
  onFailure(listener: (kind: 'error' | 'exit', cause?: unknown) => void): void;
  /** Ends the worker now; no listener is called after it. Resolves when it is gone. */
  stop(): Promise<void>;
}

/** What a reply says: the job's value, or the error to reject it with. */
export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: AppError };

export interface WorkerPoolOptions<Request, Reply, Result> {
  /** Workers at most, of all variants together. */
  maxWorkers: number;
  /** Workers one key may hold at once (default maxWorkers: no limit). */
  keyShare?: number;
  /** Limit for a new worker's start-up (module loading), not counted in a job's time limit. */
  startupMs: number;
  /** Jobs that may wait for a worker; one more is refused at once (default no limit). */
  maxQueue?: number;
  /** Starts a worker. `variant` tells workers apart that cannot serve each other (heap sizes). */
  spawn(variant: number): WorkerChannel<Request, Reply>;
  /** Reads a worker's reply to a job. */
  outcome(reply: Reply): Outcome<Result>;
  /** The errors of the pool's own failures. */
  errors: {
    /** A job passed its time limit (its worker is ended). */
    timeout(): AppError;
    /** A worker failed or ended during its start-up or a job. */
    failed(kind: 'error' | 'exit', cause?: unknown): AppError;
    /** A worker did not start within `startupMs`. */
    startup(): AppError;
    /** No worker within the job's `queueMs`, the queue is full, or the pool is closed. */
    busy(): AppError;
  };
}

export interface JobOptions {
  /** Time limit of the job, counted from when its worker starts it. */
  timeoutMs: number;
  /** Longest wait for a worker (default no limit). */
  queueMs?: number;
  /** Who the job is for (see the fairness rule above). */
  keys?: readonly string[];
  /** An estimate of the job's work, e.g. the document's size in bytes (default 0). */
  size?: number;
  /** The kind of worker the job needs (default 0). */
  variant?: number;
}

/** Within the same standing, the smaller job first unless either has waited this long. */
const SMALL_FIRST_MS = 5_000;

interface Job<Result> {
  id: number;
  resolve: (value: Result) => void;
  reject: (error: AppError) => void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot<Request, Reply, Result> {
  channel: WorkerChannel<Request, Reply>;
  variant: number;
  /** Taken by a job (set synchronously when granted, cleared when its job settles). */
  busy: boolean;
  job?: Job<Result>;
  /** Resolves when the worker has loaded its modules; rejects if it fails first. */
  ready: Promise<void>;
  failStart: (error: AppError) => void;
}

interface Waiter<Request, Reply, Result> {
  keys: readonly string[];
  variant: number;
  seq: number;
  since: number;
  size: number;
  grant: (slot: Slot<Request, Reply, Result>) => void;
  refuse: (error: AppError) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export class WorkerPool<Request, Reply, Result> {
  private readonly slots: Slot<Request, Reply, Result>[] = [];
  private readonly waiting: Waiter<Request, Reply, Result>[] = [];
  /** Workers held per key, and the arrival number of each key's last grant (round robin). */
  private readonly held = new Map<string, number>();
  private readonly lastGrant = new Map<string, number>();
  private nextId = 1;
  private nextSeq = 1;
  private closed = false;
  /** Jobs running in a worker right now. */
  active = 0;

  constructor(private readonly options: WorkerPoolOptions<Request, Reply, Result>) {}

  /** Runs `request` on a worker; rejects with one of `errors` or the reply's own error. */
  async run(request: Request, job: JobOptions): Promise<Result> {
    const keys = [...new Set(job.keys ?? [])];
    const slot = await this.acquire(job, keys);
    let settled = false;
    const giveBack = () => {
      if (settled) return;
      settled = true;
      this.unhold(keys);
    };
    try {
      const startup = setTimeout(() => {
        slot.failStart(this.options.errors.startup());
        this.retire(slot);
      }, this.options.startupMs);
      try {
        await slot.ready;
      } finally {
        clearTimeout(startup);
      }
      return await new Promise<Result>((resolve, reject) => {
        // the keys are given back before the worker is (`dispatch` then sees both)
        const running: Job<Result> = {
          id: this.nextId++,
          resolve: (value) => {
            giveBack();
            resolve(value);
          },
          reject: (error) => {
            giveBack();
            reject(error);
          },
        };
        slot.job = running;
        this.active += 1;
        running.timer = setTimeout(() => {
          this.settle(slot, { ok: false, error: this.options.errors.timeout() });
          this.retire(slot);
        }, job.timeoutMs);
        slot.channel.send({ ...request, id: running.id });
      });
    } finally {
      if (!settled) {
        giveBack();
        this.dispatch();
      }
    }
  }

  /** Starts one idle worker ahead of the first job, if none is running. */
  warm(variant = 0): void {
    if (this.slots.length > 0 || this.closed) return;
    this.spawn(variant).busy = false;
  }

  /** How many workers are alive (idle or busy). */
  get live(): number {
    return this.slots.length;
  }

  /** Stops every worker; running and waiting jobs are refused (busy), later ones too. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.refuse(this.options.errors.busy());
    }
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      slot.failStart(this.options.errors.busy());
      this.settle(slot, { ok: false, error: this.options.errors.busy() });
    }
    await Promise.all(slots.map((slot) => slot.channel.stop()));
  }

  private spawn(variant: number): Slot<Request, Reply, Result> {
    const channel = this.options.spawn(variant);
    let onReady = (): void => undefined;
    let failStart = (_e: AppError): void => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      onReady = resolve;
      failStart = reject;
    });
    ready.catch(() => undefined); // observed by the job that waits on it
    const slot: Slot<Request, Reply, Result> = { channel, variant, busy: true, ready, failStart };
    channel.onMessage((message) => {
      if ('ready' in message) return onReady();
      if (!slot.job || message.id !== slot.job.id) return;
      this.settle(slot, this.options.outcome(message));
      this.dispatch();
    });
    channel.onFailure((kind, cause) => {
      const error = this.options.errors.failed(kind, cause);
      slot.failStart(error);
      this.settle(slot, { ok: false, error });
      this.retire(slot);
    });
    this.slots.push(slot);
    return slot;
  }

  /** Settles the slot's job (if any) and frees the slot. */
  private settle(slot: Slot<Request, Reply, Result>, outcome: Outcome<Result>): void {
    const job = slot.job;
    slot.job = undefined;
    slot.busy = false;
    if (!job) return;
    clearTimeout(job.timer);
    this.active -= 1;
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  }

  /** Ends a worker that timed out, failed or is no longer wanted; another may take its place. */
  private retire(slot: Slot<Request, Reply, Result>): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    void slot.channel.stop();
    this.dispatch();
  }

  /** A worker for a job now (taken: busy), or undefined if all are busy. */
  private take(variant: number): Slot<Request, Reply, Result> | undefined {
    const free = this.slots.find((s) => !s.busy && s.variant === variant);
    if (free) {
      free.busy = true;
      return free;
    }
    if (this.slots.length < this.options.maxWorkers) return this.spawn(variant);
    const idle = this.slots.find((s) => !s.busy);
    if (!idle) return undefined;
    // an idle worker of another variant makes room
    this.slots.splice(this.slots.indexOf(idle), 1);
    void idle.channel.stop();
    return this.spawn(variant);
  }

  private holding(w: Waiter<Request, Reply, Result>): number {
    return w.keys.reduce((n, k) => n + (this.held.get(k) ?? 0), 0);
  }

  private lastServed(w: Waiter<Request, Reply, Result>): number {
    return Math.max(0, ...w.keys.map((k) => this.lastGrant.get(k) ?? 0));
  }

  private before(a: Waiter<Request, Reply, Result>, b: Waiter<Request, Reply, Result>): boolean {
    const now = performance.now();
    const waitedLong = now - a.since >= SMALL_FIRST_MS || now - b.since >= SMALL_FIRST_MS;
    const bySize = waitedLong ? 0 : a.size - b.size;
    const order =
      this.holding(a) - this.holding(b) ||
      this.lastServed(a) - this.lastServed(b) ||
      bySize ||
      a.seq - b.seq;
    return order < 0;
  }

  /** Gives free workers to waiting jobs, fairly (see the module's comment). */
  private dispatch(): void {
    const share = this.options.keyShare ?? this.options.maxWorkers;
    while (this.waiting.length > 0) {
      let best: Waiter<Request, Reply, Result> | undefined;
      for (const w of this.waiting) {
        if (w.keys.some((k) => (this.held.get(k) ?? 0) >= share)) continue;
        if (!best || this.before(w, best)) best = w;
      }
      if (!best) return;
      const slot = this.take(best.variant);
      if (!slot) return;
      this.waiting.splice(this.waiting.indexOf(best), 1);
      clearTimeout(best.timer);
      for (const k of best.keys) {
        this.held.set(k, (this.held.get(k) ?? 0) + 1);
        this.lastGrant.set(k, best.seq);
      }
      best.grant(slot);
    }
  }

  private unhold(keys: readonly string[]): void {
    for (const k of keys) {
      const n = (this.held.get(k) ?? 0) - 1;
      if (n > 0) this.held.set(k, n);
      else {
        this.held.delete(k);
        if (!this.waiting.some((w) => w.keys.includes(k))) this.lastGrant.delete(k);
      }
    }
  }

  /** Waits for a worker (fairly); busy after `queueMs`, when the queue is full or closed. */
  private acquire(job: JobOptions, keys: readonly string[]): Promise<Slot<Request, Reply, Result>> {
    const { errors, maxQueue = Infinity } = this.options;
    if (this.closed || this.waiting.length >= maxQueue) return Promise.reject(errors.busy());
    return new Promise((grant, refuse) => {
      const waiter: Waiter<Request, Reply, Result> = {
        keys,
        variant: job.variant ?? 0,
        seq: this.nextSeq++,
        since: performance.now(),
        size: job.size ?? 0,
        grant,
        refuse,
      };
      if (job.queueMs !== undefined) {
        waiter.timer = setTimeout(() => {
          const i = this.waiting.indexOf(waiter);
          if (i < 0) return;
          this.waiting.splice(i, 1);
          refuse(errors.busy());
        }, job.queueMs);
      }
      this.waiting.push(waiter);
      this.dispatch();
    });
  }
}
