import { useQuery } from '@tanstack/react-query';
import type { PriceList } from '@folio/core';
import { billingQueryKeys } from '../api/billing-api.ts';

/** GET /api/billing/prices: what each purchase costs now and whether payments are on. */
export function usePrices() {
  return useQuery<PriceList>({ queryKey: billingQueryKeys.prices });
}
