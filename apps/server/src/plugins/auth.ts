import { AppError } from '@folio/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.ts';

export type Access = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say (checked when routes are added). */
    access?: Access;
  }
  interface FastifyRequest {
    auth: { user: UserRow; sessionId: string } | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Routes that belong to plugins (API docs) rather than to us. */
const undeclaredAllowed = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export const authPlugin = fp((app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || undeclaredAllowed(route.url)) return;
    const access = route.config?.access;
    if (access !== 'public' && access !== 'user') {
      throw new Error(
        `Route ${route.method.toString()} ${route.url} does not declare config.access`,
      );
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (token) request.auth = await app.accounts.authenticate(token);
    if (request.routeOptions.config.access === 'user' && !request.auth) {
      throw new AppError('UNAUTHENTICATED');
    }
  });
});

/** The signed-in user of a route declared `access: 'user'`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth.user;
}
