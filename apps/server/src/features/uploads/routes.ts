import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import {
  AppError,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  uploadResponseSchema,
} from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { ImageStore, importUploadFiles } from './image-store.ts';

function isTooLarge(err: unknown): boolean {
  const e = err as { code?: unknown; statusCode?: unknown } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
}

/**
 * POST /api/upload (product.md, API; Addresses: it returns an address, not a data URL) and
 * GET /uploads/:file. A plugin of its own so that multipart parsing exists only here.
 */
export async function uploadRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const store = new ImageStore(app.blobs, app.db);
  // Files stored under DATA_DIR/uploads by earlier versions move into the database once.
  app.addHook('onReady', async () => {
    const moved = await importUploadFiles(path.join(app.settings.DATA_DIR, 'uploads'), app.blobs);
    if (moved)
      app.log.info(`moved ${moved} uploaded file(s) from DATA_DIR/uploads into the database`);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Per client address (the route's rateLimit) and per account: one account on many addresses
  // gets no more than it would on one.
  const uploadLimit = { max: 30, timeWindow: '1 minute' };
  const accountLimit = app.createRateLimit({
    ...uploadLimit,
    keyGenerator: (request) => `upload-account:${currentUser(request).id}`,
  });

  r.post('/api/upload', {
    config: { access: 'user', rateLimit: uploadLimit },
    onRequest: async (request, reply) => {
      const limit = await accountLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        void reply.header('retry-after', limit.ttlInSeconds);
        throw new AppError('RATE_LIMITED');
      }
    },
    schema: {
      tags: ['uploads'],
      consumes: ['multipart/form-data'],
      response: { 200: uploadResponseSchema },
    },
    handler: async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('BAD_REQUEST', 'Send the image as multipart form data (field "file").');
      }
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') {
          throw new AppError('BAD_REQUEST', 'Please choose an image (form field "file").');
        }
        bytes = await file.toBuffer();
      } catch (err) {
        if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
        throw err;
      }
      return { url: await store.save(currentUser(request).id, bytes) };
    },
  });

  r.get('/uploads/:file', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ file: z.string().max(80) }) },
    handler: async (request, reply) => {
      const file = await store.find(request.params.file);
      if (!file) throw new AppError('NOT_FOUND', 'File not found');
      return (
        reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          // Published sites (other subdomains) and sandboxed previews show these images too.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(file.bytes)
      );
    },
  });
}
