import { useState } from 'react';
import { Link } from 'react-router';
import { plans } from '@folio/core';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useAuth } from '../../features/auth/hooks/use-auth.ts';
import { PlanComparison } from '../../features/billing/components/plan-comparison.tsx';
import { PricingFaq } from '../../features/billing/components/pricing-faq.tsx';
import { PricingPlans } from '../../features/billing/components/pricing-plans.tsx';
import { usePrices } from '../../features/billing/hooks/use-prices.ts';
import { catalogueOnlyPrices, formatPlanDate } from '../../features/billing/utils/plan-facts.ts';

/**
 * /pricing (product.md, Screens in detail): plan cards, comparison table and FAQ, all from the one plan catalogue and the
 * server's price list (regular prices until it arrives, and when prerendered). PayPal is loaded
 * only once a buyer confirms a purchase.
 */
export function PricingPage() {
  usePageMeta({
    title: 'Pricing',
    description: `${plans.free.name} to start, ${plans.pro.name} or ${plans.lifetime.name} for every template, more portfolios and your own address, ${plans.business.name} for teams. Compare plans and prices.`,
  });
  const { user, status } = useAuth();
  const prices = usePrices();
  const list = prices.data ?? catalogueOnlyPrices;
  const [proInterval, setProInterval] = useState<'month' | 'year'>('month');

  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple pricing, no surprises"
        description={`Start free, upgrade when you need more portfolios, premium templates or your own address. ${plans.pro.name} ends when its period does: nothing renews by itself.`}
      />
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-label="Plans">
        {list.sale ? (
          <p className="mx-auto mb-8 w-fit rounded-full bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-900">
            Sale: {list.sale.percent}% off {plans.pro.name} and {plans.lifetime.name} until{' '}
            {formatPlanDate(list.sale.endsAt)}
          </p>
        ) : null}
        <PricingPlans
          user={user}
          signedIn={status === 'signedIn'}
          list={list}
          pricesLoaded={prices.isSuccess}
          pricesFailed={prices.isError}
          proInterval={proInterval}
          onProIntervalChange={setProInterval}
        />
        <p className="mt-10 text-center text-sm text-slate-500">
          7-day money-back guarantee. Prices in USD. Questions?{' '}
          <Link to="/contact-us" className="font-medium text-brand-700 hover:underline">
            Contact us
          </Link>
          . Already have a plan?{' '}
          <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
            Go to your dashboard
          </Link>
          .
        </p>
      </section>
      <section
        className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8"
        aria-labelledby="compare-heading"
      >
        <h2
          id="compare-heading"
          className="mb-6 text-center text-2xl font-bold tracking-tight text-slate-900"
        >
          Compare plans
        </h2>
        <PlanComparison proInterval={proInterval} list={list} />
      </section>
      <section
        className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 lg:px-8"
        aria-labelledby="pricing-faq-heading"
      >
        <h2
          id="pricing-faq-heading"
          className="mb-6 text-center text-2xl font-bold tracking-tight text-slate-900"
        >
          Frequently asked questions
        </h2>
        <PricingFaq list={list} />
      </section>
    </>
  );
}
