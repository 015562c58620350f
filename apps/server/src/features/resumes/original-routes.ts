import {
  messageResponseSchema,
  portfolioIdParamsSchema,
  portfolioOriginalResponseSchema,
} from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { ResumeOriginals } from './originals.ts';

/** `attachment` with the file's own name: ASCII fallback plus the exact name (RFC 6266). */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The original document beside the form (ADR 44), through the portfolio made from it: its
 * description (kind, text, review), its bytes, and deleting it. Owner only; another user's
 * portfolio answers 404 like one that does not exist.
 */
export function originalRoutes(app: FastifyInstance, originals: ResumeOriginals) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['resumes'];

  r.get('/api/portfolios/:id/original', {
    config: { access: 'user' },
    schema: {
      tags,
      params: portfolioIdParamsSchema,
      response: { 200: portfolioOriginalResponseSchema },
    },
    handler: async (request, reply) => {
      const original = await originals.describe(currentUser(request).id, request.params.id);
      void reply.header('cache-control', 'private, no-store');
      return { original };
    },
  });

  r.get('/api/portfolios/:id/original/file', {
    config: { access: 'user' },
    schema: { tags, params: portfolioIdParamsSchema },
    handler: async (request, reply) => {
      const file = await originals.file(currentUser(request).id, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  });

  r.delete('/api/portfolios/:id/original', {
    config: { access: 'user' },
    schema: { tags, params: portfolioIdParamsSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      const gone = await originals.delete(currentUser(request).id, request.params.id);
      return { message: gone ? 'Original document deleted' : 'There was no original document' };
    },
  });
}
