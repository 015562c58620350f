import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { planRenewalJob } from './plan-renewals.ts';

/** Scheduled plan renewals (monthly credits, plan expiry). */
export const jobsFeature = fp(
  (app: FastifyInstance, _opts, done) => {
    app.scheduleJob(planRenewalJob(app.db, app.settings.PLAN_JOB_MINUTES));
    done();
  },
  { fastify: '5.x', name: 'jobs', dependencies: ['database', 'scheduler'] },
);
