/** Query keys are API paths (product.md, API: default reads GET the query key as path). */
export const queryKeys = {
  user: ['/api/user'] as const,
  config: ['/api/config'] as const,
  portfolios: ['/api/portfolios'] as const,
};
