import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import { createTestContext, type TestContext } from '../helpers.ts';

export interface RouteEntry {
  method: string;
  url: string;
  access: string | undefined;
  /** The route's zod schemas, as declared. */
  params?: ZodType;
  body?: ZodType;
  querystring?: ZodType;
}

/**
 * A test context whose route table is collected from Fastify itself: an onRoute hook is added to
 * the instance as soon as Fastify creates it (the `fastify.initialization` diagnostics channel),
 * so every route registered afterwards, by any feature, is seen, with its config and schemas.
 */
export async function contextWithRouteTable(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestContext>[1] = {},
): Promise<TestContext & { routes: RouteEntry[] }> {
  const routes: RouteEntry[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema ?? {}) as Record<string, ZodType | undefined>;
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({
          method,
          url: route.url,
          access: (route.config as { access?: string } | undefined)?.access,
          params: schema.params,
          body: schema.body,
          querystring: schema.querystring,
        });
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  try {
    const ctx = await createTestContext(env, options);
    return { ...ctx, routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
  }
}

/**
 * The route table alone, from an in-process build on an in-memory PGlite closed at once: for
 * tests that send their requests elsewhere (real server processes), whatever the test database.
 */
export async function listRoutes(): Promise<RouteEntry[]> {
  const ctx = await contextWithRouteTable({}, { database: 'embedded' });
  await ctx.close();
  return ctx.routes;
}

/** Field names of an object schema (zod 4: `.shape`; unions: every option's fields). */
export function fieldNames(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { def?: Record<string, unknown> }).def ?? {};
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  if (Array.isArray(def.options)) return def.options.flatMap((o) => fieldNames(o as ZodType));
  for (const key of ['in', 'innerType', 'schema'] as const) {
    if (def[key]) return fieldNames(def[key] as ZodType);
  }
  return [];
}

export const isApiRoute = (url: string) =>
  url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/');
