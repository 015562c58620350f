import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioSummary } from '@folio/core';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { deletePortfolio } from '../api/portfolios-api.ts';

/** DELETE /api/portfolios/{id} with its toasts (product.md, Messages). */
export function useDeletePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePortfolio,
    onMutate: () => {
      toast({ title: 'Deleting Portfolio' });
    },
    onSuccess: (_res, id) => {
      queryClient.setQueryData<PortfolioSummary[]>(queryKeys.portfolios, (list) =>
        list?.filter((p) => p.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios });
      toast({
        title: 'Portfolio deleted',
        description: 'Successfully removed.',
        variant: 'success',
      });
    },
    onError: (err) => {
      toast({
        title: 'Error',
        description: `Failed to delete: ${getErrorMessage(err)}`,
        variant: 'destructive',
      });
    },
  });
}
