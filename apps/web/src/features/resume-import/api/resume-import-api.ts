import {
  checkNameResponseSchema,
  createPortfolioResponseSchema,
  parseResumeResponseSchema,
  portfolioOriginalResponseSchema,
  type CreatePortfolioInput,
  type PortfolioOriginal,
  type ParseResumeInput,
  type ParseResumeResponse,
} from '@folio/core';
import { apiJson, apiRequest } from '../../../lib/api-client.ts';

/** POST /api/portfolios/check-name: does the user already have a portfolio with this name? */
export async function checkPortfolioName(name: string): Promise<boolean> {
  const res = await apiJson<unknown>('POST', '/api/portfolios/check-name', { name });
  return checkNameResponseSchema.parse(res).exists;
}

/** POST /api/parse-resume: costs one credit when it succeeds. */
export async function parseResume(input: ParseResumeInput): Promise<ParseResumeResponse> {
  const res = await apiJson<unknown>('POST', '/api/parse-resume', input);
  return parseResumeResponseSchema.parse(res);
}

/** POST /api/portfolios: returns the new portfolio's id. */
export async function createPortfolio(input: CreatePortfolioInput): Promise<number> {
  const res = await apiJson<unknown>('POST', '/api/portfolios', input);
  return createPortfolioResponseSchema.parse(res).id;
}

/** The query key of a portfolio's kept original (ADR 44). */
export const originalKey = (portfolioId: number) =>
  ['/api/portfolios', portfolioId, 'original'] as const;

/** GET /api/portfolios/{id}/original: how to show the original, or null when there is none. */
export async function fetchOriginal(portfolioId: number): Promise<PortfolioOriginal | null> {
  const res = await apiJson<unknown>('GET', `/api/portfolios/${portfolioId}/original`);
  return portfolioOriginalResponseSchema.parse(res).original;
}

/** GET /api/portfolios/{id}/original/file: the document's bytes. */
export async function fetchOriginalFile(
  portfolioId: number,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const res = await apiRequest('GET', `/api/portfolios/${portfolioId}/original/file`, undefined, {
    ...(signal ? { signal } : {}),
  });
  return new Uint8Array(await res.arrayBuffer());
}

/** DELETE /api/portfolios/{id}/original: the portfolio stays, its original is gone. */
export async function deleteOriginal(portfolioId: number): Promise<void> {
  await apiJson<unknown>('DELETE', `/api/portfolios/${portfolioId}/original`);
}
