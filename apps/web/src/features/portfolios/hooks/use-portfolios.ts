import { useQuery } from '@tanstack/react-query';
import type { PortfolioSummary } from '@folio/core';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/portfolios: the signed-in user's portfolios. */
export function usePortfolios(options?: { enabled?: boolean }) {
  return useQuery<PortfolioSummary[]>({
    queryKey: queryKeys.portfolios,
    enabled: options?.enabled ?? true,
  });
}
