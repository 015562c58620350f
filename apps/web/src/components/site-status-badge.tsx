import type { SiteStatus } from '@folio/core';
import { Badge } from './ui/badge.tsx';

/**
 * Where a portfolio's site stands, the same on every screen that shows a portfolio (dashboard
 * card, editor top bar, publish page): Draft, Publishing…, Failed, or Live, with "Unpublished
 * changes" while what the editor holds differs from what the live site shows (the server decides:
 * `unpublishedChanges` / `changedSincePublish`).
 */
export function SiteStatusBadge({
  status,
  unpublishedChanges,
}: {
  status: SiteStatus;
  /** Live, but the content or template differs from the live version. */
  unpublishedChanges: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="site-status-badge">
      {status === 'publishing' ? (
        <Badge tone="brand">Publishing…</Badge>
      ) : status === 'failed' ? (
        <Badge tone="warning">Failed</Badge>
      ) : status === 'live' ? (
        <Badge tone="success">Live</Badge>
      ) : (
        <Badge tone="neutral">Draft</Badge>
      )}
      {status === 'live' && unpublishedChanges ? (
        <Badge tone="warning" className="whitespace-nowrap">
          Unpublished changes
        </Badge>
      ) : null}
    </span>
  );
}
