import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uploadCleanupJob } from './cleanup-job.ts';
import { legacyImagesJob } from './legacy-images.ts';
import { uploadRoutes } from './routes.ts';

/** Images: uploaded, checked, re-encoded, stored by hash; unused ones swept. */
export const uploadsFeature = fp(
  async (app: FastifyInstance) => {
    app.scheduleJob(uploadCleanupJob(app.db));
    // Images stored inline in content saved before uploads were files move to uploads, once.
    app.scheduleJob(legacyImagesJob(app.db, app.blobs));
    await app.register(uploadRoutes);
  },
  { fastify: '5.x', name: 'uploads', dependencies: ['database', 'scheduler', 'rate-limits'] },
);
