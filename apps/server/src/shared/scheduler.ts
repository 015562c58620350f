import type { FastifyInstance } from 'fastify';

/** Work the server repeats: once when it starts, then every `everyMs`. Must be safe to run twice. */
export interface Job {
  name: string;
  /** 0 = only at start-up. */
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/**
 * Runs each job when the server is ready and then on a timer that never keeps the process alive.
 * A run still going when the next is due is not doubled; closing the server stops the timers and
 * waits for runs in progress (so the database is not closed under them).
 */
export function scheduleJobs(app: FastifyInstance, jobs: Job[]) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let closing = false;

  const tick = (job: Job) => {
    if (closing || running.has(job.name)) return;
    const started = Date.now();
    const run = job
      .run(new Date())
      .then((result) => {
        app.log.debug({ job: job.name, result, ms: Date.now() - started }, 'job done');
      })
      .catch((err: unknown) => {
        app.log.error({ err, job: job.name }, 'job failed');
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  app.addHook('onReady', (done) => {
    for (const job of jobs) {
      tick(job);
      if (job.everyMs > 0) {
        const timer = setInterval(() => tick(job), job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    }
    done();
  });

  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  });
}
