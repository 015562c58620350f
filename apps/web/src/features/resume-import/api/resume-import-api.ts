import {
  checkNameResponseSchema,
  createPortfolioResponseSchema,
  parseResumeResponseSchema,
  type CreatePortfolioInput,
  type ParseResumeInput,
  type ParseResumeResponse,
} from '@folio/core';
import { apiJson } from '../../../lib/api-client.ts';

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
