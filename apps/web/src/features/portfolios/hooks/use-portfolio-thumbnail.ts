import { useQuery } from '@tanstack/react-query';
import type { ThumbnailResponse } from '@folio/core';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/portfolios/{id}/thumbnail: the saved page as its miniature shows it, built by the
 * server (the dashboard loads no renderer). Asked once the card is near the screen (`enabled`);
 * under the portfolios key, so every change to the portfolio asks again.
 */
export function usePortfolioThumbnail(id: number, enabled: boolean) {
  return useQuery<ThumbnailResponse>({
    queryKey: [...queryKeys.portfolios, id, 'thumbnail'],
    enabled,
  });
}
