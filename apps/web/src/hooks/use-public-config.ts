import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@folio/core';
import { queryKeys } from '../lib/query-keys.ts';

/** GET /api/config: app name, sites domain, Google client id, sale, … */
export function usePublicConfig() {
  return useQuery<PublicConfig>({ queryKey: queryKeys.config });
}
