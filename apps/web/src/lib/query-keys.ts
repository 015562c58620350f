/** Query keys are API paths (spec §7: default reads GET the query key as path). */
export const queryKeys = {
  user: ['/api/user'] as const,
  config: ['/api/config'] as const,
  portfolios: ['/api/portfolios'] as const,
};
