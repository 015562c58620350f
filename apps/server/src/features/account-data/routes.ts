import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_REFUSED_MESSAGE,
  AppError,
  DELETE_CONFIRM_MESSAGE,
  DELETE_PASSWORD_MESSAGE,
  deleteAccountInputSchema,
  exportFileName,
  messageResponseSchema,
  refuseAccountInputSchema,
} from '@folio/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { AccountData } from './service.ts';

/**
 * Users' own data: GET /api/account/export (zip), DELETE /api/account, and POST
 * /api/account/refuse (the owner of an address deletes an unconfirmed account made with it).
 */
export function accountDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new AccountData(app.db, app.blobs);
  const tags = ['account'];
  const limited = { rateLimit: { max: app.settings.AUTH_RATE_LIMIT, timeWindow: '1 minute' } };

  r.get('/api/account/export', {
    config: { access: 'user', ...limited },
    schema: { tags, produces: ['application/zip'] },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const archive = await service.exportArchive(user);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(user.username)}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  });

  r.delete('/api/account', {
    config: { access: 'user', ...limited },
    schema: { tags, body: deleteAccountInputSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      const user = currentUser(request);
      if (request.body.confirm.toLowerCase() !== user.username.toLowerCase()) {
        throw new AppError('VALIDATION', DELETE_CONFIRM_MESSAGE, { field: 'confirm' });
      }
      if (!(await app.accounts.checkPassword(user, request.body.password))) {
        throw new AppError('VALIDATION', DELETE_PASSWORD_MESSAGE, { field: 'password' });
      }
      await deleteAccount(request.log, user, 'account deleted');
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  });

  r.post('/api/account/refuse', {
    config: { access: 'public', ...limited },
    schema: { tags, body: refuseAccountInputSchema, response: { 200: messageResponseSchema } },
    handler: async (request) => {
      const user = await app.accounts.accountToRefuse(request.body.token);
      await deleteAccount(request.log, user, 'account refused by the owner of its address');
      return { message: ACCOUNT_REFUSED_MESSAGE };
    },
  });

  /** Deletes the account, its sites leave the hosting cache at once. */
  async function deleteAccount(log: FastifyBaseLogger, user: UserRow, what: string) {
    const { sites, images } = await service.deleteAccount(user);
    for (const site of sites) app.sites.invalidate(site);
    log.info({ userId: user.id, sites: sites.length, images: images.length }, what);
  }
}
