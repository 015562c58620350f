import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';

/**
 * What a portfolio screen shows until its portfolio is there: a spinner while it loads, then
 * "Portfolio not found" (404) or why it could not be loaded, with the way back to the dashboard.
 */
export function PortfolioLoadState({ pending, error }: { pending: boolean; error: unknown }) {
  if (pending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner className="size-8 text-brand-600" label="Loading portfolio" />
      </div>
    );
  }
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Card className="grid justify-items-center gap-4 p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-900">
        {missing ? 'Portfolio not found' : 'Could not load this portfolio'}
      </h2>
      {missing ? null : <p className="text-slate-600">{getErrorMessage(error)}</p>}
      <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
    </Card>
  );
}
