import { describe, expect, it } from 'vitest';
import { displayedMonthlyPrice, PLANS } from './plans.ts';

const plan = (id: string) => {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('plan prices', () => {
  it('shows the monthly price under monthly billing', () => {
    expect(displayedMonthlyPrice(plan('starter'), 'monthly')).toBe(29);
    expect(displayedMonthlyPrice(plan('professional'), 'monthly')).toBe(79);
  });

  it('shows the yearly price divided by 12 and rounded under yearly billing', () => {
    expect(displayedMonthlyPrice(plan('starter'), 'yearly')).toBe(24); // 290 / 12 = 24.17
    expect(displayedMonthlyPrice(plan('professional'), 'yearly')).toBe(66); // 790 / 12 = 65.83
  });

  it('has no figure for the custom-priced Enterprise plan', () => {
    expect(displayedMonthlyPrice(plan('enterprise'), 'yearly')).toBeNull();
  });

  it('highlights only Professional, with the "Mais Popular" badge', () => {
    expect(PLANS.filter((p) => p.highlight).map((p) => [p.name, p.badge])).toEqual([
      ['Professional', 'Mais Popular'],
    ]);
  });
});
