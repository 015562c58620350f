import { FilePlus2, Plus } from 'lucide-react';
import { effectivePlan } from '@folio/core';
import { AppPageHeader } from '../../components/ui/app-page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { useTrackPage } from '../../hooks/use-track-page.ts';
import { getErrorMessage } from '../../lib/error-message.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { isNewAccount } from '../../features/auth/utils/new-account.ts';
import { AnalyticsCard } from '../../features/portfolios/components/analytics-card.tsx';
import { PortfolioCard } from '../../features/portfolios/components/portfolio-card.tsx';
import { usePortfolios } from '../../features/portfolios/hooks/use-portfolios.ts';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const portfolios = usePortfolios();
  const config = usePublicConfig();
  const greetingName = user?.name?.trim() || user?.username || '';
  const isNew = user ? isNewAccount(user) : false;
  const list = portfolios.data ?? [];
  useTrackPage('dashboard');

  return (
    <>
      <AppPageHeader
        title={`${isNew ? 'Welcome' : 'Welcome back'}, ${greetingName}`}
        description="Manage your portfolios, or create a new one from your resume."
        actions={
          list.length > 0 ? (
            <ButtonLink to="/resume-upload">
              <Plus className="size-4" aria-hidden />
              New Portfolio
            </ButtonLink>
          ) : null
        }
      />
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Your portfolios</h2>
      {portfolios.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-brand-600" />
        </div>
      ) : portfolios.isError ? (
        <Card role="alert" className="p-6 text-red-700">
          Could not load your portfolios: {getErrorMessage(portfolios.error)}
        </Card>
      ) : list.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-16 text-center">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50">
            <FilePlus2 className="size-8 text-brand-600" aria-hidden />
          </span>
          <h3 className="mt-5 text-xl font-semibold text-slate-900">No portfolios yet</h3>
          <p className="mt-2 max-w-sm text-slate-600">
            Upload your resume and we'll turn it into a portfolio website in about two minutes.
          </p>
          <ButtonLink to="/resume-upload" size="lg" className="mt-6">
            Create Your First Portfolio
          </ButtonLink>
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((p) => (
            <li key={p.id} className="flex">
              <PortfolioCard portfolio={p} sitesDomain={config.data?.sitesDomain} />
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 && user ? (
        <div className="mt-8">
          <AnalyticsCard plan={effectivePlan(user)} portfolios={list} />
        </div>
      ) : null}
    </>
  );
}
