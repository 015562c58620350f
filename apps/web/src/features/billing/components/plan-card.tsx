import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { Plan } from '@folio/core';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import type { PlanPriceView } from '../utils/plan-facts.ts';

/** One plan of the catalogue: name, price (struck regular price during a sale), features, action. */
export function PlanCard({
  plan,
  price,
  current,
  action,
  note,
}: {
  plan: Plan;
  price: PlanPriceView;
  current: boolean;
  action: ReactNode;
  note?: ReactNode;
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className="absolute -top-3 left-6 flex gap-2">
        {plan.popular ? <Badge tone="brandSolid">Most popular</Badge> : null}
        {current ? <Badge tone="success">Your plan</Badge> : null}
      </div>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="plan-price">
        {price.regular ? (
          <s className="text-lg text-slate-400" aria-label={`Regular price ${price.regular}`}>
            {price.regular}
          </s>
        ) : null}
        <span className="text-4xl font-bold tracking-tight text-slate-900">{price.amount}</span>
        <span className="text-sm text-slate-500">{price.per}</span>
        {price.salePercent ? <Badge tone="warning">−{price.salePercent}%</Badge> : null}
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-8 grid gap-2">
        {action}
        {note ? <p className="text-center text-xs text-slate-500">{note}</p> : null}
      </div>
    </li>
  );
}
