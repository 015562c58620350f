import { describe, expect, it } from 'vitest';
import { canUseTemplate, effectivePlan } from './billing.ts';
import { defaultMessages } from './errors.ts';
import { planNames, plans, plansWhere, premiumTemplateMessage } from './plans.ts';

describe('the plan in force', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is Free for a Pro whose paid-through date has passed, so premium templates lock', () => {
    const lapsed = { plan: 'pro', planExpiresAt: '2026-11-24T11:59:59Z' };
    expect(effectivePlan(lapsed, now)).toBe('free');
    expect(canUseTemplate(effectivePlan(lapsed, now), 'darkmode')).toBe(false);
  });
  it('is Pro while the period runs, and Lifetime never lapses', () => {
    expect(effectivePlan({ plan: 'pro', planExpiresAt: '2026-11-25T00:00:00Z' }, now)).toBe('pro');
    expect(effectivePlan({ plan: 'lifetime', planExpiresAt: null }, now)).toBe('lifetime');
  });
});

describe('plan copy comes from the catalogue', () => {
  it('names exactly the plans that include every template in the premium message', () => {
    const withAll = Object.values(plans).filter((p) => p.allTemplates);
    const message = premiumTemplateMessage();
    for (const p of Object.values(plans)) {
      expect(message.includes(p.name)).toBe(withAll.some((w) => w.id === p.id));
    }
    expect(defaultMessages.PREMIUM_TEMPLATE).toBe(message);
  });
  it('lists names as a sentence', () => {
    expect(planNames([])).toBe('');
    expect(planNames([plans.pro])).toBe('Pro');
    expect(planNames([plans.pro, plans.lifetime])).toBe('Pro and Lifetime');
    expect(
      planNames(
        plansWhere((p) => p.id !== 'free'),
        'or',
      ),
    ).toBe('Pro, Lifetime or Business');
  });
});
