import { contactFormMessages, contactInputSchema, contactResponseSchema } from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactService } from './service.ts';

/** POST /api/contact: the public contact form (product.md, Screens in detail). */
export function contactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = app;
  const service = new ContactService({
    db: app.db,
    mailer: app.mailer,
    supportEmail: settings.SUPPORT_EMAIL,
    appName: settings.APP_NAME,
    formServiceUrl: settings.CONTACT_FORM_URL,
    log: app.log,
  });

  r.post('/api/contact', {
    config: {
      access: 'public',
      rateLimit: { max: settings.CONTACT_RATE_LIMIT, timeWindow: '10 minutes' },
    },
    schema: {
      tags: ['contact'],
      body: contactInputSchema,
      response: { 201: contactResponseSchema },
    },
    handler: async (request, reply) => {
      await service.submit(request.body, { ip: request.ip });
      return reply.status(201).send({ message: contactFormMessages.sent });
    },
  });
}
