import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Portfolio } from '@folio/core';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { templateQueryKeys, updatePortfolioTemplate } from '../api/templates-api.ts';

/** Saves a portfolio's template at once (product.md, States) with its toasts (product.md, Messages). */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePortfolioTemplate,
    onSuccess: (portfolio) => {
      queryClient.setQueryData<Portfolio>(templateQueryKeys.portfolio(portfolio.id), portfolio);
      void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios, exact: true });
      toast({
        title: 'Template updated',
        description: 'Your portfolio template has been updated successfully.',
        variant: 'success',
      });
    },
    onError: (err, { id }) => {
      // A stale version means another tab changed it: read the latest so the next pick can save.
      void queryClient.invalidateQueries({ queryKey: templateQueryKeys.portfolio(id) });
      toast({
        title: 'Error updating template',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    },
  });
}
