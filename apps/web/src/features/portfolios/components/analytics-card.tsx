import { useQuery } from '@tanstack/react-query';
import { BarChart3, Lock } from 'lucide-react';
import {
  hasAnalytics,
  publishMessages,
  type PlanId,
  type PortfolioSummary,
  type SiteAnalytics,
} from '@folio/core';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/error-message.ts';

function SiteStats({ portfolio }: { portfolio: PortfolioSummary }) {
  const query = useQuery<SiteAnalytics>({
    queryKey: ['/api/portfolios', portfolio.id, 'analytics'],
  });
  const stats = query.data;
  const max = Math.max(1, ...(stats?.days.map((d) => d.views) ?? [0]));
  return (
    <div className="grid gap-3 rounded-xl border border-slate-200 p-4" data-testid="site-analytics">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{portfolio.name}</h3>
        {stats ? (
          <span className="text-sm text-slate-600">
            <strong className="text-lg text-slate-900">{stats.total}</strong>{' '}
            {stats.total === 1 ? 'view' : 'views'} · 30 days
          </span>
        ) : null}
      </div>
      {query.isPending ? (
        <Spinner className="size-5 text-brand-600" />
      ) : query.isError ? (
        <p className="text-sm text-red-700">{getErrorMessage(query.error)}</p>
      ) : stats ? (
        <>
          <div
            className="flex h-16 items-end gap-0.5"
            role="img"
            aria-label={`Views per day for the last 30 days: ${stats.days.map((d) => d.views).join(', ')}`}
          >
            {stats.days.map((d) => (
              <span
                key={d.day}
                title={`${d.day}: ${d.views}`}
                className="flex-1 rounded-t bg-brand-500/80"
                style={{
                  height: `${Math.max(4, (d.views / max) * 100)}%`,
                  opacity: d.views ? 1 : 0.25,
                }}
              />
            ))}
          </div>
          <div className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <h4 className="font-medium text-slate-700">Top referrers</h4>
              {stats.referrers.length === 0 ? (
                <p className="text-slate-500">No referrers yet</p>
              ) : (
                <ul>
                  {stats.referrers.slice(0, 5).map((r) => (
                    <li key={r.host} className="flex justify-between gap-2 text-slate-600">
                      <span className="truncate">{r.host}</span>
                      <span>{r.views}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h4 className="font-medium text-slate-700">Devices</h4>
              {stats.devices.length === 0 ? (
                <p className="text-slate-500">No visits yet</p>
              ) : (
                <ul>
                  {stats.devices.map((d) => (
                    <li
                      key={d.device}
                      className="flex justify-between gap-2 text-slate-600 capitalize"
                    >
                      <span>{d.device}</span>
                      <span>{d.views}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

/** Visitor analytics of published portfolios (plans with analytics), else an upsell. */
export function AnalyticsCard({
  plan,
  portfolios,
}: {
  plan: PlanId;
  portfolios: PortfolioSummary[];
}) {
  const live = portfolios.filter((p) => p.liveUrl || p.status === 'live');
  return (
    <Card className="grid gap-4 p-6" data-testid="analytics-card">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <BarChart3 className="size-5 text-brand-600" aria-hidden />
        Visitor analytics
      </h2>
      {!hasAnalytics(plan) ? (
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-2 text-sm text-slate-600">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            {publishMessages.analyticsPlan} See views per day, where visitors come from and their
            devices — without cookies.
          </p>
          <ButtonLink to="/pricing" size="sm">
            Upgrade Plan
          </ButtonLink>
        </div>
      ) : live.length === 0 ? (
        <p className="text-sm text-slate-600">Publish a portfolio to see who visits it.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {live.map((p) => (
            <SiteStats key={p.id} portfolio={p} />
          ))}
        </div>
      )}
    </Card>
  );
}
