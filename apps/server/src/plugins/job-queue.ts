import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobQueue } from '../shared/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable background jobs in the database, claimed by any server process. */
    jobQueue: JobQueue;
  }
}

export const jobQueuePlugin = fp(
  (app: FastifyInstance, _opts, done) => {
    const jobQueue = new JobQueue({
      db: app.db,
      log: app.log,
      leaseMs: app.settings.JOB_LEASE_SECONDS * 1000,
      pollMs: app.settings.JOB_POLL_MS,
    });
    app.decorate('jobQueue', jobQueue);
    app.addHook('onReady', (ready) => {
      jobQueue.start();
      ready();
    });
    app.addHook('onClose', async () => jobQueue.stop());
    // Finished background jobs are kept a week for inspection, then removed.
    app.scheduleJob({
      name: 'job-sweep',
      everyMs: 6 * 3_600_000,
      run: (now) => jobQueue.sweep(new Date(now.getTime() - 7 * 86_400_000)),
    });
    done();
  },
  { fastify: '5.x', name: 'job-queue', dependencies: ['database', 'scheduler'] },
);
