import type {
  BillingStatus,
  CompleteOrderResponse,
  CreateOrderInput,
  CreateOrderResponse,
  PendingOrderResponse,
  PriceList,
} from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';

/** Query keys are API paths: the default query function GETs them. */
export const billingQueryKeys = {
  prices: ['/api/billing/prices'] as const,
  /** GET /api/billing/status: a pending payment, or one PayPal refunded or reversed. */
  status: ['/api/billing/status'] as const,
};

/** POST /api/paypal/create-order {plan, interval}: the PayPal order id (product.md, API). */
export function createPayPalOrder(input: CreateOrderInput): Promise<CreateOrderResponse> {
  return apiJson<CreateOrderResponse>('POST', '/api/paypal/create-order', input);
}

/**
 * POST /api/paypal/complete-order {orderId}: success and the upgraded user (product.md, API); or, when
 * PayPal holds the capture as PENDING (HTTP 202), `pending` with what to tell the buyer.
 */
export function completePayPalOrder(
  orderId: string,
): Promise<CompleteOrderResponse | PendingOrderResponse> {
  return apiJson<CompleteOrderResponse | PendingOrderResponse>(
    'POST',
    '/api/paypal/complete-order',
    { orderId },
  );
}

export type { BillingStatus, PriceList };
