import {
  addMonths,
  applyPurchase,
  canUseTemplate,
  createOrderInputSchema,
  effectivePlan,
  formatAmount,
  nextMonthlyAfter,
  parseAmount,
  portfolioLimit,
  priceFor,
  priceList,
  purchaseRefusal,
} from '@folio/core';
import { describe, expect, it } from 'vitest';
import { embeddedDatabaseOnly } from './database-pass.ts';

embeddedDatabaseOnly('it uses no database');

const now = new Date('2026-03-10T12:00:00Z');
const saleOn = { salePercent: 50, saleEndsAt: '2026-03-20T00:00:00Z', now };
const saleOver = { salePercent: 50, saleEndsAt: '2026-03-01T00:00:00Z', now };

describe('prices from the plan catalogue', () => {
  it('charges regular prices when no sale runs', () => {
    expect(priceFor('pro', 'month', saleOver)).toEqual({
      regularCents: 598,
      cents: 598,
      onSale: false,
    });
    expect(priceFor('pro', 'year', saleOver).cents).toBe(5980);
    expect(priceFor('lifetime', 'once', saleOver).cents).toBe(1998);
  });

  it('applies the running sale to Pro and Lifetime (the spec’s $2.99 and $9.99)', () => {
    expect(priceFor('pro', 'month', saleOn)).toEqual({
      regularCents: 598,
      cents: 299,
      onSale: true,
    });
    expect(priceFor('pro', 'year', saleOn).cents).toBe(2990);
    expect(priceFor('lifetime', 'once', saleOn)).toEqual({
      regularCents: 1998,
      cents: 999,
      onSale: true,
    });
    expect(priceFor('pro', 'month', { ...saleOn, salePercent: 0 }).onSale).toBe(false);
  });

  it('ends the sale at SALE_ENDS_AT exactly', () => {
    const end = { salePercent: 50, saleEndsAt: '2026-03-10T12:00:00Z' };
    expect(priceFor('pro', 'month', { ...end, now: new Date(now.getTime() - 1) }).cents).toBe(299);
    expect(priceFor('pro', 'month', { ...end, now }).cents).toBe(598);
  });

  it('refuses plans and intervals that are not sold online', () => {
    expect(() => priceFor('business', 'month', saleOver)).toThrow(/not sold/);
    expect(() => priceFor('free', 'month', saleOver)).toThrow(/not sold/);
    expect(() => priceFor('pro', 'once', saleOver)).toThrow(/not sold/);
    expect(() => priceFor('lifetime', 'month', saleOver)).toThrow(/not sold/);
  });

  it('formats and parses amounts the way PayPal writes them', () => {
    expect(formatAmount(598)).toBe('5.98');
    expect(formatAmount(5980)).toBe('59.80');
    expect(formatAmount(5)).toBe('0.05');
    expect(parseAmount('5.98')).toBe(598);
    expect(parseAmount('59.8')).toBe(5980);
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount('1e3')).toBeNull();
  });
});

describe('create-order input', () => {
  it('accepts only valid plan and interval pairs', () => {
    expect(createOrderInputSchema.parse({ plan: 'pro', interval: 'month' })).toEqual({
      plan: 'pro',
      interval: 'month',
    });
    expect(createOrderInputSchema.parse({ plan: 'lifetime' })).toEqual({
      plan: 'lifetime',
      interval: 'once',
    });
    for (const bad of [
      { plan: 'pro', interval: 'once' },
      { plan: 'pro' },
      { plan: 'lifetime', interval: 'year' },
      { plan: 'business', interval: 'month' },
      { plan: 'free', interval: 'month' },
    ]) {
      expect(createOrderInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('purchases and periods', () => {
  it('adds calendar months, clamping the day', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2024-02-29T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-03-10T12:00:00Z'), 12).toISOString()).toBe(
      '2027-03-10T12:00:00.000Z',
    );
  });

  it('moves a missed monthly date to the first one after now', () => {
    const due = new Date('2026-01-05T00:00:00Z');
    expect(nextMonthlyAfter(due, new Date('2026-01-05T00:00:00Z')).toISOString()).toBe(
      '2026-02-05T00:00:00.000Z',
    );
    expect(nextMonthlyAfter(due, new Date('2026-04-10T00:00:00Z')).toISOString()).toBe(
      '2026-05-05T00:00:00.000Z',
    );
    expect(nextMonthlyAfter(due, new Date('2026-04-04T23:59:59Z')).toISOString()).toBe(
      '2026-04-05T00:00:00.000Z',
    );
  });

  it('extends Pro from the later of now and the paid-through date', () => {
    const free = { plan: 'free' as const, planExpiresAt: null };
    expect(applyPurchase(free, { plan: 'pro', interval: 'month' }, now)).toEqual({
      plan: 'pro',
      planExpiresAt: new Date('2026-04-10T12:00:00Z'),
    });
    const paidThrough = new Date('2026-05-01T00:00:00Z');
    expect(
      applyPurchase(
        { plan: 'pro', planExpiresAt: paidThrough },
        { plan: 'pro', interval: 'year' },
        now,
      ),
    ).toEqual({ plan: 'pro', planExpiresAt: new Date('2027-05-01T00:00:00Z') });
    const lapsed = { plan: 'pro' as const, planExpiresAt: new Date('2026-01-01T00:00:00Z') };
    expect(applyPurchase(lapsed, { plan: 'pro', interval: 'month' }, now).planExpiresAt).toEqual(
      new Date('2026-04-10T12:00:00Z'),
    );
    expect(applyPurchase(free, { plan: 'lifetime', interval: 'once' }, now)).toEqual({
      plan: 'lifetime',
      planExpiresAt: null,
    });
  });

  it('never downgrades by a purchase', () => {
    expect(purchaseRefusal('free', 'pro')).toBeNull();
    expect(purchaseRefusal('pro', 'pro')).toBeNull();
    expect(purchaseRefusal('pro', 'lifetime')).toBeNull();
    expect(purchaseRefusal('lifetime', 'pro')).toMatch(/Lifetime plan already includes/);
    expect(purchaseRefusal('lifetime', 'lifetime')).toMatch(/already have the Lifetime plan/);
    expect(purchaseRefusal('business', 'pro')).toMatch(/Business plan already includes/);
    expect(purchaseRefusal('business', 'lifetime')).toMatch(/Business plan already includes/);
    const lifetime = { plan: 'lifetime' as const, planExpiresAt: null };
    expect(applyPurchase(lifetime, { plan: 'pro', interval: 'month' }, now)).toBe(lifetime);
  });

  it('treats a Pro past its paid-through date as Free before the job runs', () => {
    expect(effectivePlan({ plan: 'pro', planExpiresAt: '2026-03-10T11:59:59Z' }, now)).toBe('free');
    expect(effectivePlan({ plan: 'pro', planExpiresAt: '2026-03-10T12:00:01Z' }, now)).toBe('pro');
    expect(effectivePlan({ plan: 'lifetime', planExpiresAt: null }, now)).toBe('lifetime');
    expect(effectivePlan({ plan: 'gold', planExpiresAt: null }, now)).toBe('free');
  });

  it('answers plan limits from the catalogue', () => {
    expect([portfolioLimit('free'), portfolioLimit('pro'), portfolioLimit('lifetime')]).toEqual([
      1, 3, 5,
    ]);
    expect(portfolioLimit('business')).toBeNull();
    expect(canUseTemplate('free', 'modern')).toBe(true);
    expect(canUseTemplate('free', 'terminal')).toBe(false);
    expect(canUseTemplate('pro', 'terminal')).toBe(true);
  });
});

describe('price list', () => {
  it('lists every online purchase with the price charged now', () => {
    expect(priceList(saleOn, true)).toEqual({
      paymentsEnabled: true,
      currency: 'USD',
      sale: { percent: 50, endsAt: '2026-03-20T00:00:00.000Z' },
      prices: [
        { plan: 'pro', interval: 'month', regularCents: 598, cents: 299, onSale: true },
        { plan: 'pro', interval: 'year', regularCents: 5980, cents: 2990, onSale: true },
        { plan: 'lifetime', interval: 'once', regularCents: 1998, cents: 999, onSale: true },
      ],
    });
    const over = priceList(saleOver, false);
    expect(over.sale).toBeNull();
    expect(over.prices.map((p) => p.cents)).toEqual([598, 5980, 1998]);
  });
});
