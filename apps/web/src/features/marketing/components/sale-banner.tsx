import { useCallback } from 'react';
import { Link } from 'react-router';
import { planNames, plansWhere, type PublicConfig } from '@folio/core';
import { useIsland } from '../../../hooks/use-island.ts';
import { bindSaleBanner } from '../../../islands/sale-banner.ts';

/**
 * The sale banner fixed under the public header while a sale runs (product.md, Screens in detail; Plans):
 * the discount and a live countdown to SALE_ENDS_AT; it disappears when the sale is over. It sits
 * over the page (absolutely placed), so showing it never shifts the content. Prerendered hidden;
 * the `sale-banner` island fills it in and keeps the countdown ticking.
 */
export function SaleBanner({ sale }: { sale: PublicConfig['sale'] }) {
  const bind = useCallback((el: HTMLElement) => bindSaleBanner(el, sale), [sale]);
  const ref = useIsland<HTMLDivElement>(bind);
  return (
    <div
      ref={ref}
      data-sale-banner
      hidden
      role="region"
      aria-label="Sale"
      className="absolute inset-x-0 top-full bg-slate-900 px-4 py-2 text-center text-sm text-white shadow-md"
    >
      <span className="font-semibold">
        <span data-sale-percent />% off {planNames(plansWhere((p) => p.soldOnline))}{' '}
        <span data-sale-window />
      </span>
      <span className="text-slate-300"> · Ends in </span>
      <span
        className="font-semibold tabular-nums"
        data-sale-countdown
        data-testid="sale-countdown"
      />
      <span className="text-slate-300"> · </span>
      <Link
        to="/pricing"
        className="font-semibold text-brand-300 underline underline-offset-2 hover:text-white"
      >
        View Sale
      </Link>
    </div>
  );
}
