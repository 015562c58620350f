import {
  AppError,
  templateIds,
  templateIdSchema,
  templateListItemSchema,
  templates,
  type TemplateId,
} from '@folio/core';
import { render, sampleContent } from '@folio/renderer';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function templateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const samples = new Map<TemplateId, string>();

  r.get('/api/templates', {
    config: { access: 'public' },
    schema: { tags: ['templates'], response: { 200: templateListItemSchema.array() } },
    handler: (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return templateIds.map((id) => ({
        ...templates[id],
        slug: id,
        // Committed images in apps/web/public/thumbnails, served from the web build.
        thumbnail_url: `/thumbnails/${id}.webp`,
        sample_url: `/api/templates/${id}/sample`,
      }));
    },
  });

  r.get('/api/templates/:id/sample', {
    config: { access: 'public' },
    schema: { tags: ['templates'], params: z.object({ id: z.string() }) },
    handler: (request, reply) => {
      const parsed = templateIdSchema.safeParse(request.params.id);
      if (!parsed.success) throw new AppError('NOT_FOUND', 'Template not found');
      const id = parsed.data;
      let html = samples.get(id);
      if (!html) {
        html = render(sampleContent, { template: id, mode: 'preview' }).html;
        samples.set(id, html);
      }
      // The sample page carries its own inline styles and scripts; let it run them, nothing else.
      return reply
        .header('cache-control', 'public, max-age=300')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data: 'self'; font-src 'self'; frame-ancestors 'self'",
        )
        .type('text/html; charset=utf-8')
        .send(html);
    },
  });
}
