import { plans, priceList } from '@folio/core';
import { describe, expect, it } from 'vitest';
import {
  catalogueOnlyPrices,
  comparisonRows,
  formatPlanDate,
  formatUsd,
  planPrice,
  pricingFaq,
  yearlySavingPercent,
} from './plan-facts.ts';

const sale = priceList(
  { salePercent: 50, saleEndsAt: '2030-01-01T00:00:00Z', now: new Date('2029-12-01T00:00:00Z') },
  true,
);

describe('plan facts for the pricing page', () => {
  it('shows regular prices before the server answers', () => {
    expect(planPrice(plans.pro, 'month', catalogueOnlyPrices)).toMatchObject({
      amount: '$5.98',
      regular: null,
      per: '/ month',
      purchase: { plan: 'pro', interval: 'month', cents: 598, regularCents: null },
    });
    expect(planPrice(plans.pro, 'year', catalogueOnlyPrices).amount).toBe('$59.80');
    expect(planPrice(plans.lifetime, 'month', catalogueOnlyPrices)).toMatchObject({
      amount: '$19.98',
      per: 'one time',
    });
    expect(planPrice(plans.free, 'month', catalogueOnlyPrices)).toMatchObject({
      amount: '$0',
      purchase: null,
    });
    expect(planPrice(plans.business, 'month', catalogueOnlyPrices)).toMatchObject({
      amount: 'Custom',
      purchase: null,
    });
  });

  it('strikes the regular price while a sale runs (the spec’s $2.99 and $9.99)', () => {
    expect(planPrice(plans.pro, 'month', sale)).toMatchObject({
      amount: '$2.99',
      regular: '$5.98',
      salePercent: 50,
      purchase: { cents: 299, regularCents: 598 },
    });
    expect(planPrice(plans.lifetime, 'month', sale)).toMatchObject({
      amount: '$9.99',
      regular: '$19.98',
    });
  });

  it('derives the table and FAQ from the catalogue', () => {
    const row = (label: string) => comparisonRows.find((r) => r.label === label)!;
    expect(
      [plans.free, plans.pro, plans.lifetime, plans.business].map(row('Portfolios').value),
    ).toEqual(['1', '3', '5', 'Unlimited']);
    expect(row('Resume parsing credits').value(plans.pro)).toBe('10 every month');
    expect(row('Custom subdomain').value(plans.free)).toBe(false);
    expect(yearlySavingPercent()).toBe(17);

    const faq = pricingFaq(sale);
    const answer = (q: string) => faq.find((f) => f.q === q)!.a;
    expect(answer('How many portfolios can I have?')).toBe(
      'Free: 1; Pro: 3; Lifetime: 5; Business: unlimited.',
    );
    expect(answer('What happens when my Pro period ends?')).toContain(
      '$2.99 a month or $29.90 a year',
    );
    expect(answer('What does Lifetime include?')).toContain('One payment of $9.99');
  });

  it('formats money and dates as people read them', () => {
    expect([formatUsd(0), formatUsd(598), formatUsd(5980), formatUsd(1998)]).toEqual([
      '$0',
      '$5.98',
      '$59.80',
      '$19.98',
    ]);
    expect(formatPlanDate('2027-03-22T23:30:00Z')).toBe('March 22, 2027');
  });
});
