import type { Portfolio, TemplateId } from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Query keys are API paths: the default query function GETs them. */
export const templateQueryKeys = {
  list: ['/api/templates'] as const,
  portfolio: (id: number) => [...queryKeys.portfolios, id] as const,
};

/** PATCH /api/portfolios/{id} {template, version}: the updated portfolio. */
export function updatePortfolioTemplate(input: {
  id: number;
  template: TemplateId;
  version?: number | undefined;
}): Promise<Portfolio> {
  const { id, template, version } = input;
  return apiJson<Portfolio>('PATCH', `/api/portfolios/${id}`, {
    template,
    ...(version !== undefined ? { version } : {}),
  });
}
