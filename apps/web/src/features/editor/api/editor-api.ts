import type { Portfolio, PortfolioContent, UploadResponse } from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';

/** The query key of GET /api/portfolios/{id} (query keys are API paths). */
export const portfolioKey = (id: number) => ['/api/portfolios', id] as const;

/** PATCH /api/portfolios/{id} with the version last read (409 STALE_VERSION when stale). */
export function saveContent(
  id: number,
  content: PortfolioContent,
  version: number,
): Promise<Portfolio> {
  return apiJson<Portfolio>('PATCH', `/api/portfolios/${id}`, { content, version });
}

/** POST /api/upload (multipart, field `file`): the stored image's address. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiJson<UploadResponse>('POST', '/api/upload', form)).url;
}
