import { parseResumeInputSchema, parseResumeResponseSchema } from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';

export function resumeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/parse-resume', {
    config: {
      access: 'user',
      // per address; the service counts per account as well (ParseLimits)
      rateLimit: { max: app.settings.PARSE_RATE_LIMIT, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['resumes'],
      body: parseResumeInputSchema,
      response: { 200: parseResumeResponseSchema },
    },
    handler: (request, reply) => {
      // a client that hangs up no longer waits for the optional AI pass
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return app.resumes.parseUpload(
        currentUser(request),
        request.body,
        {
          perMinute: app.settings.PARSE_RATE_LIMIT,
          failuresPerHour: app.settings.PARSE_FAILURE_LIMIT,
        },
        request.ip,
        gone.signal,
      );
    },
  });
}
