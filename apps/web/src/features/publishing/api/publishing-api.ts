import type { LabelCheckResponse, Portfolio, PublishResponse, SiteState } from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';

/** The portfolio (same key as the editor uses: GET /api/portfolios/{id}). */
export const portfolioKey = (id: number) => ['/api/portfolios', id] as const;
/** The site of a portfolio: GET /api/portfolios/{id}/site. */
export const siteKey = (id: number) => ['/api/portfolios', id, 'site'] as const;

/** POST /api/publish/{id} (product.md, API): starts publishing; the site goes publishing → live. */
export const publishPortfolio = (id: number) =>
  apiJson<PublishResponse>('POST', `/api/publish/${id}`);

/** PATCH /api/portfolios/{id} with {domain, customDomain} (product.md, API). */
export const saveDomainSettings = (
  id: number,
  body: { domain: string | null; customDomain: string | null; confirm?: boolean },
) => apiJson<Portfolio>('PATCH', `/api/portfolios/${id}`, body);

/** Whether a subdomain label is free for this portfolio. */
export const checkLabel = (label: string, portfolioId: number) =>
  apiJson<LabelCheckResponse>('POST', '/api/domains/check', { label, portfolioId });

export const setOwnDomain = (id: number, host: string) =>
  apiJson<SiteState>('PUT', `/api/portfolios/${id}/own-domain`, { host });
/** Looks up every DNS record the own domain needs; answers each one's state (verifies on TXT). */
export const checkOwnDomain = (id: number) =>
  apiJson<SiteState>('POST', `/api/portfolios/${id}/own-domain/check`);
export const removeOwnDomain = (id: number) =>
  apiJson<SiteState>('DELETE', `/api/portfolios/${id}/own-domain`);
