import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs, type JobRow } from '../db/schema.ts';

/*
 * A durable job queue in the database (ADR 0009). Every server process on the same database runs
 * a worker; a job is claimed with `FOR UPDATE SKIP LOCKED`, so exactly one process takes it. A
 * claim is a lease: a process killed mid-job leaves the job "running" until the lease ends, then
 * any worker takes it again. While a handler runs, its transaction holds the job row's lock, so a
 * slow handler whose lease ran out is never taken twice; and the handler's writes commit in the
 * same transaction that marks the job done, so a job's effect happens exactly once.
 */

/** Transaction handle passed to a job handler. */
export type JobTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface JobContext<R = undefined> {
  job: JobRow;
  /** The transaction that commits the handler's writes together with "done". */
  tx: JobTx;
  /** Runs `fn` once the transaction has committed (e.g. to drop a cache). */
  afterCommit: (fn: () => void) => void;
  /** What the handler's `prepare` returned for this attempt (undefined without one). */
  prepared?: R;
}

export interface JobHandler<P = unknown, R = undefined> {
  /**
   * Slow work of an attempt (building a page) done before its transaction, so it holds no lock
   * and no connection meanwhile (the embedded database has one connection: an open transaction
   * holds up every other query). `run` gets the result and must check it still applies.
   */
  prepare?(payload: P, job: JobRow): Promise<R>;
  /** Runs inside a transaction; throw to fail the attempt (retried with backoff). */
  run(payload: P, ctx: JobContext<R>): Promise<void>;
  /** Called once the job has failed for good (after the last attempt), outside any transaction. */
  onFailed?(payload: P, error: string, job: JobRow): Promise<void>;
}

export interface EnqueueOptions {
  /** At most one queued job per key: a second enqueue with the key returns the queued one. */
  dedupeKey?: string;
  maxAttempts?: number;
  runAt?: Date;
}

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** How long a claim lasts before another worker may take the job (crash recovery). */
  leaseMs?: number;
  /** How often an idle worker looks for work (enqueues in this process wake it at once). */
  pollMs?: number;
  /** Jobs this process runs at the same time. */
  concurrency?: number;
}

/** Backoff after a failed attempt: 2 s, 4 s, 8 s, … capped at 5 minutes. */
export const retryDelayMs = (attempt: number) => Math.min(2000 * 2 ** (attempt - 1), 300_000);

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<never, unknown>>();
  private readonly workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  private active = 0;
  private running = false;
  private wakeRequested = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly opts: JobQueueOptions) {
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 1000;
    this.concurrency = opts.concurrency ?? 2;
  }

  /** Registers the handler of a job kind (before `start`). */
  register<P, R = undefined>(kind: string, handler: JobHandler<P, R>) {
    this.handlers.set(kind, handler);
  }

  /**
   * Adds a job; pass a transaction as `db` to enqueue atomically with other writes. With a
   * `dedupeKey` already queued, returns that job's id instead.
   */
  async enqueue(
    kind: string,
    payload: unknown,
    options: EnqueueOptions = {},
    db: Db | JobTx = this.opts.db,
  ): Promise<number> {
    const values = {
      kind,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 5,
      runAt: options.runAt ?? new Date(),
    };
    const inserted = options.dedupeKey
      ? await db
          .insert(jobs)
          .values(values)
          .onConflictDoNothing({
            target: jobs.dedupeKey,
            where: sql`status = 'queued'`,
          })
          .returning({ id: jobs.id })
      : await db.insert(jobs).values(values).returning({ id: jobs.id });
    let id = inserted[0]?.id;
    if (id === undefined) {
      const [queued] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(sql`${jobs.dedupeKey} = ${options.dedupeKey ?? null} and ${jobs.status} = 'queued'`);
      if (!queued) return this.enqueue(kind, payload, options, db); // it started meanwhile
      id = queued.id;
    }
    // Wake the local worker once the caller's transaction has had a moment to commit.
    setImmediate(() => this.wake());
    return id;
  }

  /** Deletes finished jobs (done or failed) that ended before `before`; returns how many. */
  async sweep(before: Date): Promise<number> {
    const gone = await this.opts.db
      .delete(jobs)
      .where(sql`${jobs.status} in ('done', 'failed') and ${jobs.finishedAt} < ${before}`)
      .returning({ id: jobs.id });
    return gone.length;
  }

  /** Starts this process's worker. */
  start() {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops taking jobs and waits for the ones in progress. */
  async stop() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for work now (e.g. after an enqueue in this process). */
  wake() {
    if (!this.running) return;
    if (this.active > 0) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), ms);
    this.timer.unref();
  }

  private async poll() {
    this.timer = null;
    if (!this.running) return;
    let claimedAny = false;
    try {
      while (this.running && this.active < this.concurrency) {
        const job = await this.claim();
        if (!job) break;
        claimedAny = true;
        this.active += 1;
        const p = this.execute(job).finally(() => {
          this.active -= 1;
          this.inFlight.delete(p);
          if (this.wakeRequested || this.active === 0) {
            this.wakeRequested = false;
            this.schedule(0);
          }
        });
        this.inFlight.add(p);
      }
    } catch (err) {
      this.opts.log.error({ err }, 'job queue: claim failed');
    }
    if (this.active === 0) this.schedule(claimedAny ? 0 : this.pollMs);
    else if (!this.timer) this.schedule(this.pollMs);
  }

  /** Claims the next due job (or one whose lease ran out) for this worker; null when none. */
  async claim(): Promise<JobRow | null> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return null;
    const leaseSeconds = this.leaseMs / 1000;
    const result = await this.opts.db.execute(sql`
      update ${jobs} set
        status = 'running',
        attempts = ${jobs.attempts} + 1,
        locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where ${jobs.id} = (
        select id from ${jobs}
        where kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
          and ((status = 'queued' and run_at <= now())
            or (status = 'running' and locked_until < now()))
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id`);
    const row = (result as { rows: { id: number }[] }).rows[0];
    if (!row) return null;
    const [job] = await this.opts.db
      .select()
      .from(jobs)
      .where(sql`${jobs.id} = ${row.id}`);
    return job ?? null;
  }

  /** Runs a claimed job: handler and "done" in one transaction that holds the job row's lock. */
  async execute(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    if (!handler) return;
    const log = this.opts.log.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    const after: (() => void)[] = [];
    try {
      const prepared = await handler.prepare?.(job.payload as never, job);
      await this.opts.db.transaction(async (tx) => {
        const owned = await tx.execute(
          sql`select id from ${jobs} where id = ${job.id} and locked_by = ${this.workerId}
              and status = 'running' for update`,
        );
        if ((owned as { rows: unknown[] }).rows.length === 0) {
          throw new LostClaim();
        }
        await handler.run(job.payload as never, {
          job,
          tx,
          prepared,
          afterCommit: (fn) => after.push(fn),
        });
        await tx.execute(
          sql`update ${jobs} set status = 'done', finished_at = now(), locked_until = null,
              last_error = null where id = ${job.id}`,
        );
      });
      log.debug('job done');
      for (const fn of after) {
        try {
          fn();
        } catch (err) {
          log.error({ err }, 'job afterCommit callback failed');
        }
      }
    } catch (err) {
      if (err instanceof LostClaim) {
        log.warn('job claim lost (lease ended and another worker took it)');
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      log.warn({ err }, final ? 'job failed for good' : 'job attempt failed; will retry');
      await this.opts.db
        .execute(
          sql`update ${jobs} set
                status = ${final ? 'failed' : 'queued'},
                last_error = ${message.slice(0, 2000)},
                locked_by = null, locked_until = null,
                -- a retry must not block (or clash with) a newer job queued under the same key
                dedupe_key = null,
                run_at = now() + make_interval(secs => ${retryDelayMs(job.attempts) / 1000}),
                finished_at = ${final ? sql`now()` : null}
              where id = ${job.id} and locked_by = ${this.workerId}`,
        )
        .catch((e: unknown) => log.error({ err: e }, 'job queue: could not record failure'));
      if (final && handler.onFailed) {
        await handler
          .onFailed(job.payload as never, message, job)
          .catch((e: unknown) => log.error({ err: e }, 'job onFailed handler failed'));
      }
    }
  }
}

class LostClaim extends Error {}
