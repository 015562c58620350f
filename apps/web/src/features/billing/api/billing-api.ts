import type {
  CompleteOrderResponse,
  CreateOrderInput,
  CreateOrderResponse,
  PriceList,
} from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';

/** Query keys are API paths: the default query function GETs them. */
export const billingQueryKeys = {
  prices: ['/api/billing/prices'] as const,
};

/** POST /api/paypal/create-order {plan, interval}: the PayPal order id (spec §7). */
export function createPayPalOrder(input: CreateOrderInput): Promise<CreateOrderResponse> {
  return apiJson<CreateOrderResponse>('POST', '/api/paypal/create-order', input);
}

/** POST /api/paypal/complete-order {orderId}: success and the upgraded user (spec §7). */
export function completePayPalOrder(orderId: string): Promise<CompleteOrderResponse> {
  return apiJson<CompleteOrderResponse>('POST', '/api/paypal/complete-order', { orderId });
}

export type { PriceList };
