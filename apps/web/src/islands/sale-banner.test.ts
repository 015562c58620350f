import { describe, expect, it } from 'vitest';
import { saleRemaining, saleWindow } from './sale-banner.ts';

const DAY = 86_400_000;

describe('the sale banner', () => {
  it('says "for the next 7 days" for a week-long sale, and counts the days down', () => {
    expect(saleWindow(7 * DAY)).toBe('for the next 7 days');
    expect(saleWindow(6 * DAY + 1)).toBe('for the next 7 days');
    expect(saleWindow(6 * DAY)).toBe('for the next 6 days');
    expect(saleWindow(2 * DAY - 1)).toBe('for the next 2 days');
  });

  it('says "for the next 24 hours" on its last day', () => {
    expect(saleWindow(DAY)).toBe('for the next 24 hours');
    expect(saleWindow(1000)).toBe('for the next 24 hours');
  });

  it('counts down days and a clock, floored at zero', () => {
    expect(saleRemaining(7 * DAY - 1000)).toBe('6d 23:59:59');
    expect(saleRemaining(61_000)).toBe('00:01:01');
    expect(saleRemaining(-5)).toBe('00:00:00');
  });
});
