import { Crown } from 'lucide-react';
import {
  CREDITS_BAR_MAX,
  creditsColor,
  effectivePlan,
  hasUnlimitedCredits,
  plans,
  portfolioLimit,
} from '@folio/core';
import { AppPageHeader } from '../../components/ui/app-page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useTrackPage } from '../../hooks/use-track-page.ts';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { usePortfolios } from '../../features/portfolios/hooks/use-portfolios.ts';
import { formatPlanDate } from '../../features/billing/utils/plan-facts.ts';
import { PaymentNotice } from '../../features/billing/components/payment-notice.tsx';
import {
  AccountRows,
  PasswordCard,
} from '../../features/account-settings/components/account-settings.tsx';
import { AccountDataCard } from '../../features/account-data/components/account-data-card.tsx';

const barColor = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-500' } as const;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900 break-words sm:col-span-2">{value}</dd>
    </div>
  );
}

export function ProfilePage() {
  usePageTitle('Profile');
  useTrackPage('profile');
  const { user } = useAuth();
  const portfolios = usePortfolios();
  if (!user) return null;

  // A Pro past its paid-through date is Free even before the renewal job writes it down.
  const planId = effectivePlan(user);
  const plan = plans[planId];
  const unlimited = hasUnlimitedCredits(planId);
  const limit = portfolioLimit(planId);
  const count = portfolios.data?.length;
  const overLimit = count !== undefined && limit !== null && count > limit;
  const until = planId !== 'free' && user.planExpiresAt ? formatPlanDate(user.planExpiresAt) : null;
  const color = creditsColor(user.credits);
  const width = Math.max(0, Math.min(100, (user.credits / CREDITS_BAR_MAX) * 100));

  return (
    <>
      <AppPageHeader
        title="Profile"
        description="Your account, sign-in details, plan and resume parsing credits."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <h2 className="text-lg font-semibold text-slate-900">Account</h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <Field label="Username" value={user.username} />
            <AccountRows user={user} />
            <Field
              label="Portfolios"
              value={
                count === undefined
                  ? '…'
                  : limit === null
                    ? `${count} (unlimited)`
                    : `${count} of ${limit}`
              }
            />
          </dl>
        </Card>
        <Card className="flex flex-col gap-6 p-6">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">Plan</h2>
            <div className="mt-3 flex items-center gap-2">
              <Badge tone={planId === 'free' ? 'neutral' : 'brand'}>
                {planId !== 'free' ? <Crown className="size-3.5" aria-hidden /> : null}
                <span data-testid="plan-badge">{plan.name}</span>
              </Badge>
            </div>
            {until ? (
              <p className="mt-3 text-sm font-medium text-slate-900" data-testid="plan-until">
                {plan.name} until {until}
              </p>
            ) : null}
            <p className="mt-3 text-sm text-slate-600">{plan.description}</p>
            <PaymentNotice planNow={planId} />
            {overLimit ? (
              <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                Your {plan.name} plan allows {limit} portfolio{limit === 1 ? '' : 's'}: your
                portfolios are all kept, but new ones need an upgrade.
              </p>
            ) : null}
          </div>
          <div>
            <div className="flex items-baseline justify-between">
              <h3 className="text-sm font-semibold text-slate-900">Resume parsing credits</h3>
              <span className="text-sm font-medium text-slate-700" data-testid="credits-value">
                {unlimited ? 'Unlimited' : `${user.credits} / ${CREDITS_BAR_MAX}`}
              </span>
            </div>
            <div
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
              role="meter"
              aria-label="Resume parsing credits"
              aria-valuemin={0}
              aria-valuemax={CREDITS_BAR_MAX}
              aria-valuenow={unlimited ? CREDITS_BAR_MAX : user.credits}
              aria-valuetext={unlimited ? 'Unlimited' : `${user.credits} credits`}
            >
              <div
                data-testid="credits-bar"
                data-color={unlimited ? 'green' : color}
                className={cn(
                  'h-full rounded-full transition-[width]',
                  unlimited ? barColor.green : barColor[color],
                )}
                style={{ width: unlimited ? '100%' : `${width}%` }}
              />
            </div>
          </div>
          {planId === 'free' ? (
            <ButtonLink to="/pricing" className="w-full">
              Upgrade Plan
            </ButtonLink>
          ) : null}
        </Card>
      </div>
      <PasswordCard user={user} />
      <AccountDataCard username={user.username} plan={planId} />
    </>
  );
}
