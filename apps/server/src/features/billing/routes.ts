import {
  completeOrderInputSchema,
  completeOrderResponseSchema,
  createOrderInputSchema,
  createOrderResponseSchema,
  priceListSchema,
} from '@folio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { toUser } from '../../shared/users.ts';

/** Spec §7: POST /api/paypal/create-order and /api/paypal/complete-order; plus the price list. */
export function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { billing, settings } = app;
  const tags = ['billing'];
  /** Per client address: a few purchases per minute is plenty (30 with the default setting). */
  const limited = { rateLimit: { max: settings.AUTH_RATE_LIMIT * 3, timeWindow: '1 minute' } };

  r.get('/api/billing/prices', {
    config: { access: 'public' },
    schema: { tags, response: { 200: priceListSchema } },
    handler: () => billing.prices(),
  });

  r.post('/api/paypal/create-order', {
    config: { access: 'user', ...limited },
    schema: { tags, body: createOrderInputSchema, response: { 200: createOrderResponseSchema } },
    handler: (request) => billing.createOrder(currentUser(request), request.body),
  });

  r.post('/api/paypal/complete-order', {
    config: { access: 'user', ...limited },
    schema: {
      tags,
      body: completeOrderInputSchema,
      response: { 200: completeOrderResponseSchema },
    },
    handler: async (request) => {
      const user = await billing.completeOrder(currentUser(request), request.body.orderId);
      return { success: true as const, user: toUser(user) };
    },
  });
}
