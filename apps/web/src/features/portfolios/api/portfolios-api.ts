import { apiRequest } from '../../../lib/api-client.ts';

export async function deletePortfolio(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/portfolios/${id}`);
}
