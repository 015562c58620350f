import { useEffect } from 'react';
import type { TrackedPage } from '@folio/core';
import { apiRequest } from '../lib/api-client.ts';

/** Counts a view of one of the app's own pages (product.md, API); a failure is ignored. */
export function useTrackPage(page: TrackedPage): void {
  useEffect(() => {
    apiRequest('POST', '/api/track-page', { page }).catch(() => {});
  }, [page]);
}
