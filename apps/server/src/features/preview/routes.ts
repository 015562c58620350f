import {
  AppError,
  DEFAULT_TEMPLATE,
  portfolioIdParamsSchema,
  previewQuerySchema,
  previewTokenInputSchema,
  previewTokenResponseSchema,
  templateIdSchema,
  thumbnailResponseSchema,
} from '@folio/core';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { PreviewClaims } from './preview-tokens.ts';

/**
 * The preview page runs its own inline styles and scripts and nothing else. It is served on the
 * app's origin, so it is sandboxed (no allow-same-origin): the document gets an opaque origin and
 * its scripts cannot read the app's local storage (the session token) or call the API as the user.
 */
export const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; script-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'; sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox";

/**
 * Whether the session a preview link was made in is still open: logout, a password reset, the
 * account's deletion or any other revocation ends its links too, not only its bearer token.
 */
async function sessionOpen(db: Db, claims: PreviewClaims): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return row !== undefined;
}

/**
 * POST /api/preview/token and GET /api/preview/{id} (product.md, API), and the dashboard's
 * thumbnails (ADR 38).
 */
export function previewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/preview/token', {
    config: { access: 'user' },
    schema: {
      tags: ['preview'],
      body: previewTokenInputSchema,
      response: { 200: previewTokenResponseSchema },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { sessionId } = request.auth!;
      // Only the owner gets one: someone else's portfolio is NOT_FOUND (no existence leak).
      const row = await app.portfolios.get(user.id, request.body.portfolio_id);
      return {
        preview_token: await app.previewTokens.sign({
          userId: user.id,
          portfolioId: row.id,
          sessionId,
        }),
      };
    },
  });

  // access 'public': the token is the credential (a frame cannot send the bearer header).
  r.get('/api/preview/:id', {
    config: { access: 'public' },
    schema: { tags: ['preview'], params: portfolioIdParamsSchema, querystring: previewQuerySchema },
    handler: async (request, reply) => {
      const claims = await app.previewTokens.verify(request.query.token);
      if (!claims || !(await sessionOpen(app.db, claims)))
        throw new AppError('UNAUTHENTICATED', 'This preview link is invalid or has expired.');
      if (claims.portfolioId !== request.params.id) {
        throw new AppError('NOT_FOUND', 'Portfolio not found');
      }
      const row = await app.portfolios.get(claims.userId, request.params.id);
      const template = templateIdSchema.catch(DEFAULT_TEMPLATE).parse(row.template);
      // In a worker thread: a large portfolio never holds up other requests.
      const html = await app.renderPool.render(row.content, { template, mode: 'preview' });
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', PREVIEW_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  });

  // The dashboard's miniature of a portfolio, built here so the dashboard loads no renderer.
  r.get('/api/portfolios/:id/thumbnail', {
    config: { access: 'user' },
    schema: {
      tags: ['preview'],
      params: portfolioIdParamsSchema,
      response: { 200: thumbnailResponseSchema },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const row = await app.portfolios.get(user.id, request.params.id);
      const template = templateIdSchema.catch(DEFAULT_TEMPLATE).parse(row.template);
      const html = await app.renderPool.thumbnail(row.content, { template, mode: 'preview' });
      return reply.header('cache-control', 'private, no-cache').send({ html });
    },
  });
}
