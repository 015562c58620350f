import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleJobs, type Job } from '../shared/scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds work the server repeats (while plugins register; all start when the server is ready). */
    scheduleJob: (job: Job) => void;
  }
}

/** The one timer list: each plugin adds its repeated work; it starts once the server is ready. */
export const schedulerPlugin = fp(
  (app: FastifyInstance, _opts, done) => {
    const jobs: Job[] = [];
    app.decorate('scheduleJob', (job: Job) => {
      jobs.push(job);
    });
    scheduleJobs(app, jobs);
    done();
  },
  { fastify: '5.x', name: 'scheduler' },
);
