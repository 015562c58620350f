import {
  AppError,
  billingStatusSchema,
  completeOrderInputSchema,
  completeOrderResponseSchema,
  createOrderInputSchema,
  createOrderResponseSchema,
  paymentMessages,
  paypalWebhookEventSchema,
  paypalWebhookHeadersSchema,
  pendingOrderResponseSchema,
  priceListSchema,
} from '@folio/core';
import { z } from 'zod';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { toUser } from '../../shared/users.ts';
import { CapturePending } from './service.ts';

/**
 * POST /api/paypal/create-order and /api/paypal/complete-order; plus the price list, the
 * account's payment status and PayPal's webhook.
 */
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
      response: { 200: completeOrderResponseSchema, 202: pendingOrderResponseSchema },
    },
    handler: async (request, reply) => {
      const buyer = currentUser(request);
      try {
        const user = await billing.completeOrder(buyer, request.body.orderId);
        return { success: true as const, user: toUser(user) };
      } catch (err) {
        if (!(err instanceof CapturePending)) throw err;
        // Accepted, not failed: PayPal completes the capture later (webhook or reconciliation).
        return reply.code(202).send({
          success: false as const,
          pending: true as const,
          message: paymentMessages.pending,
          user: toUser(buyer),
        });
      }
    },
  });

  r.get('/api/billing/status', {
    config: { access: 'user' },
    schema: { tags, response: { 200: billingStatusSchema } },
    handler: (request) => billing.status(currentUser(request).id),
  });

  void app.register(webhookRoute);
}

/**
 * PayPal's webhook notifications (PAYMENT.CAPTURE.COMPLETED, .DENIED, .REFUNDED, .REVERSED).
 * Public: PayPal is the caller, and every notification is verified with PayPal before it acts. Its
 * own scope keeps the body as sent, which PayPal's signature covers.
 */
/** The largest webhook notification read (PayPal's are a few KB). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const webhookTooLarge = `A webhook notification can be at most ${WEBHOOK_BODY_LIMIT / 1024} KB.`;

function webhookRoute(app: FastifyInstance, _opts: unknown, done: () => void) {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, next) => {
    try {
      rawBodies.set(request, body as string);
      next(null, JSON.parse(body as string));
    } catch {
      next(new AppError('BAD_REQUEST', 'The body is not JSON.'));
    }
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { billing, settings } = app;
  r.post('/api/paypal/webhook', {
    config: {
      access: 'public',
      rateLimit: { max: settings.AUTH_RATE_LIMIT * 12, timeWindow: '1 minute' },
    },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    // The shared message for a too-large body names the 5 MB file limit: say this route's own.
    // Whatever is thrown here goes on to the one error handler.
    errorHandler: (err: FastifyError) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE', webhookTooLarge);
      }
      throw err;
    },
    schema: {
      tags: ['billing'],
      headers: paypalWebhookHeadersSchema,
      body: paypalWebhookEventSchema,
      response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
    },
    handler: async (request) => {
      const raw = rawBodies.get(request) ?? JSON.stringify(request.body);
      const outcome = await billing.handleWebhook(request.headers, request.body, raw);
      return { received: true as const, outcome };
    },
  });
  done();
}
