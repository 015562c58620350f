import { useState } from 'react';
import { Navigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { effectivePlan } from '@folio/core';
import { AppPageHeader } from '../../components/ui/app-page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useTrackPage } from '../../hooks/use-track-page.ts';
import { usePublicConfig } from '../../hooks/use-public-config.ts';
import { ApiError } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/error-message.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { OwnDomainCard } from '../../features/publishing/components/own-domain-card.tsx';
import { PublishPanel } from '../../features/publishing/components/publish-panel.tsx';
import { ShareCard } from '../../features/publishing/components/share-card.tsx';
import { usePortfolio, useSite } from '../../features/publishing/hooks/use-site.ts';

/** Publish (product.md, Screens in detail, page view template-publish). */
export function PublishPage() {
  usePageTitle('Publish');
  useTrackPage('template-publish');
  const id = useIdParam();
  if (id === null) return <Navigate to="/dashboard" replace />;
  return <Publish key={id} id={id} />;
}

function Publish({ id }: { id: number }) {
  const { user } = useAuth();
  const config = usePublicConfig();
  const portfolio = usePortfolio(id);
  const site = useSite(id);
  const plan = user ? effectivePlan(user) : 'free';
  // Whether the site was already live when the page first had its state: if not, a share card
  // that appears later is the step after publishing, and greets as such.
  const [liveAtOpen, setLiveAtOpen] = useState<boolean | null>(null);
  if (site.data && liveAtOpen === null) setLiveAtOpen(site.data.status === 'live');
  // A live version is online (also while a republish runs or after one failed).
  const shareUrl = site.data?.url && !site.data.hostingExpired ? site.data.url : null;

  const missing =
    (portfolio.error instanceof ApiError && portfolio.error.status === 404) ||
    (site.error instanceof ApiError && site.error.status === 404);

  return (
    <>
      <AppPageHeader
        title="Publish"
        description="Choose your address and put your portfolio online."
        actions={
          <ButtonLink to={`/preview?id=${id}`} variant="outline">
            <ArrowLeft className="size-4" aria-hidden />
            Back to Preview
          </ButtonLink>
        }
      />
      {missing ? (
        <Card className="grid justify-items-center gap-4 p-8 text-center">
          <p className="text-slate-700">Portfolio not found. Please go back and try again.</p>
          <ButtonLink to="/dashboard">Return to Dashboard</ButtonLink>
        </Card>
      ) : portfolio.isError || site.isError ? (
        <Card role="alert" className="p-6 text-red-700">
          Could not load this portfolio: {getErrorMessage(portfolio.error ?? site.error)}
        </Card>
      ) : !portfolio.data || !site.data || !config.data ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8 text-brand-600" />
        </div>
      ) : (
        <div className="grid gap-6">
          <PublishPanel
            portfolio={portfolio.data}
            site={site.data}
            sitesDomain={config.data.sitesDomain}
            plan={plan}
          />
          {shareUrl ? (
            <ShareCard
              url={shareUrl}
              label={site.data.label}
              personName={portfolio.data.content.data.contact?.name || null}
              justPublished={liveAtOpen === false}
            />
          ) : null}
          <OwnDomainCard portfolioId={id} site={site.data} plan={plan} />
        </div>
      )}
    </>
  );
}
