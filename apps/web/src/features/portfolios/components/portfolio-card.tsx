import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import {
  CircleAlert,
  Clock,
  ExternalLink,
  Eye,
  Pencil,
  Rocket,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { templates, uncheckedMarksText, type PortfolioSummary } from '@folio/core';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, preloadDialog } from '../../../components/ui/dialog.tsx';
import { SiteStatusBadge } from '../../../components/site-status-badge.tsx';
import { useDeletePortfolio } from '../hooks/use-delete-portfolio.ts';
import { usePortfolioThumbnail } from '../hooks/use-portfolio-thumbnail.ts';
import { siteUrl } from '../utils/site-url.ts';
import { SiteThumbnail } from '../../../components/site-thumbnail.tsx';

export function PortfolioCard({
  portfolio,
  sitesDomain,
}: {
  portfolio: PortfolioSummary;
  sitesDomain: string | undefined;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useDeletePortfolio();
  const [near, setNear] = useState(false);
  const thumbnail = usePortfolioThumbnail(portfolio.id, near);
  const whenNear = useCallback(() => setNear(true), []);
  const template = templates[portfolio.template];
  const liveUrl =
    portfolio.liveUrl ??
    (portfolio.published && portfolio.status === undefined && sitesDomain
      ? siteUrl(portfolio, sitesDomain)
      : null);
  const status = portfolio.status ?? (portfolio.published ? 'live' : 'draft');
  const expiresAt = portfolio.hostingExpiresAt ? new Date(portfolio.hostingExpiresAt) : null;
  const daysLeft = expiresAt ? Math.ceil((expiresAt.getTime() - Date.now()) / 86_400_000) : null;

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="portfolio-card">
      {/* The portfolio itself in miniature: its own content in its template. */}
      <SiteThumbnail
        html={thumbnail.data?.html}
        onNear={whenNear}
        ratio={9 / 16}
        testId="portfolio-thumbnail"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
          <h3 className="min-w-0 flex-[1_1_9rem] text-base font-semibold break-words text-slate-900">
            {portfolio.name}
          </h3>
          <span data-testid="portfolio-status">
            <SiteStatusBadge
              status={status}
              unpublishedChanges={portfolio.unpublishedChanges ?? false}
            />
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{template.name}</Badge>
          {portfolio.readOnly ? <Badge tone="warning">Read-only</Badge> : null}
        </div>
        {portfolio.toCheck ? (
          <Link
            to={`/review?id=${portfolio.id}`}
            className="inline-flex w-fit items-center gap-1.5 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 hover:bg-amber-100 hover:underline"
            data-testid="unchecked-marks"
          >
            <CircleAlert className="size-4 shrink-0 text-amber-700" aria-hidden />
            {uncheckedMarksText(portfolio.toCheck)}
          </Link>
        ) : null}
        {portfolio.readOnly ? (
          <p className="text-sm text-slate-600" data-testid="read-only-notice">
            Kept from your paid plan; your current plan allows fewer portfolios.{' '}
            <Link to="/pricing" className="font-medium text-brand-700 underline">
              Upgrade to edit it
            </Link>{' '}
            or delete another portfolio.
          </p>
        ) : null}
        {liveUrl ? (
          <a
            href={liveUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <ExternalLink className="size-4 shrink-0" aria-hidden />
            <span className="truncate">
              {liveUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </span>
          </a>
        ) : null}
        {status === 'failed' && portfolio.statusError ? (
          <p role="alert" className="flex gap-1.5 text-sm text-red-700">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {portfolio.statusError}
          </p>
        ) : null}
        {daysLeft !== null && daysLeft <= 30 ? (
          <p
            className="flex gap-1.5 rounded-lg bg-amber-50 p-2 text-sm text-amber-900"
            data-testid="hosting-notice"
          >
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {daysLeft <= 0
                ? 'Hosting has expired: this site is offline.'
                : `Hosting ends on ${expiresAt!.toLocaleDateString()} (${daysLeft} day${daysLeft === 1 ? '' : 's'} left).`}{' '}
              <Link to="/pricing" className="font-medium underline">
                Upgrade Plan
              </Link>
            </span>
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ButtonLink to={`/template-select?id=${portfolio.id}`} size="sm" variant="secondary">
            <Pencil className="size-4" aria-hidden />
            Edit
          </ButtonLink>
          <ButtonLink to={`/preview?id=${portfolio.id}`} size="sm" variant="outline">
            <Eye className="size-4" aria-hidden />
            Preview
          </ButtonLink>
          <ButtonLink to={`/publish?id=${portfolio.id}`} size="sm" variant="outline">
            <Rocket className="size-4" aria-hidden />
            {portfolio.published ? 'Publish settings' : 'Publish'}
          </ButtonLink>
          <Button
            size="sm"
            variant="dangerGhost"
            className="ml-auto"
            onClick={() => setConfirmOpen(true)}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            aria-label={`Delete ${portfolio.name}`}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete this portfolio?"
        description={`"${portfolio.name}" and its published site will be removed. This cannot be undone.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setConfirmOpen(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              setConfirmOpen(false);
              remove.mutate(portfolio.id);
            }}
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
