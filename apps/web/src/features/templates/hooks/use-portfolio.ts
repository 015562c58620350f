import { useQuery } from '@tanstack/react-query';
import type { Portfolio } from '@folio/core';
import { templateQueryKeys } from '../api/templates-api.ts';

/** GET /api/portfolios/{id}; 404 when it is missing or not the user's. */
export function usePortfolio(id: number) {
  return useQuery<Portfolio>({ queryKey: templateQueryKeys.portfolio(id) });
}
