import { useQuery } from '@tanstack/react-query';
import type { Portfolio } from '@folio/core';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/portfolios/{id}: the portfolio with its content (the list holds no content). */
export function usePortfolio(id: number) {
  return useQuery<Portfolio>({ queryKey: [...queryKeys.portfolios, id] });
}
