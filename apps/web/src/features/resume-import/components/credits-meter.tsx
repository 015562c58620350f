import { CREDITS_BAR_MAX, creditsColor, hasUnlimitedCredits, type PlanId } from '@folio/core';
import { cn } from '../../../lib/cn.ts';

const barColor = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-500' } as const;

/** Spec §9 credits bar: width credits/10; green above 5, yellow above 2, red otherwise. */
export function CreditsMeter({ credits, plan }: { credits: number; plan: PlanId }) {
  const unlimited = hasUnlimitedCredits(plan);
  const color = unlimited ? 'green' : creditsColor(credits);
  const width = unlimited ? 100 : Math.max(0, Math.min(100, (credits / CREDITS_BAR_MAX) * 100));
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900" id="credits-heading">
          Resume parsing credits
        </h2>
        <span className="text-sm font-medium text-slate-700" data-testid="credits-value">
          {unlimited ? 'Unlimited' : `${credits} / ${CREDITS_BAR_MAX}`}
        </span>
      </div>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="meter"
        aria-labelledby="credits-heading"
        aria-valuemin={0}
        aria-valuemax={CREDITS_BAR_MAX}
        aria-valuenow={
          unlimited ? CREDITS_BAR_MAX : Math.max(0, Math.min(CREDITS_BAR_MAX, credits))
        }
        aria-valuetext={unlimited ? 'Unlimited' : `${credits} credits`}
      >
        <div
          data-testid="credits-bar"
          data-color={color}
          className={cn('h-full rounded-full transition-[width]', barColor[color])}
          style={{ width: `${width}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Each successful parse uses 1 credit. Starting from scratch, or importing a JSON Resume or a
        LinkedIn data export, is free.
      </p>
    </div>
  );
}
