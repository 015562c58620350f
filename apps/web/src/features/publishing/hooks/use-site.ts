import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { publishMessages, SITE_POLL_MS, type Portfolio, type SiteState } from '@folio/core';
import { toast } from '../../../hooks/use-toast.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { portfolioKey, siteKey } from '../api/publishing-api.ts';

/**
 * The site of a portfolio. While a publish job runs the state is re-read every SITE_POLL_MS (the
 * one place that polls: "we'll notify you as soon as it's live"); the change to live or failed is
 * announced with a toast.
 */
export function useSite(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery<SiteState>({
    queryKey: siteKey(id),
    refetchInterval: (q) => (q.state.data?.status === 'publishing' ? SITE_POLL_MS : false),
  });
  const previous = useRef<SiteState['status'] | null>(null);
  const status = query.data?.status ?? null;
  useEffect(() => {
    const before = previous.current;
    previous.current = status;
    if (before !== 'publishing' || status === null || status === 'publishing') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios });
    void queryClient.invalidateQueries({ queryKey: portfolioKey(id), exact: true });
    if (status === 'live') {
      toast({
        title: publishMessages.publishedTitle,
        description: `Your portfolio is now live at ${query.data?.url ?? 'its address'}`,
        variant: 'success',
      });
    } else if (status === 'failed') {
      toast({
        title: publishMessages.publishError,
        description: query.data?.error ?? undefined,
        variant: 'destructive',
      });
    }
  }, [status, id, queryClient, query.data?.url, query.data?.error]);
  return query;
}

export function usePortfolio(id: number) {
  return useQuery<Portfolio>({ queryKey: portfolioKey(id) });
}
