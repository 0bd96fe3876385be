import { describe, expect, it } from 'vitest';
import { computeTotals } from './totals.ts';

describe('computeTotals', () => {
  it('sums rounded line totals, applies a percentage discount, then tax on the discounted amount', () => {
    const totals = computeTotals({
      items: [
        { quantity: 3, unitPrice: 1999 },
        { quantity: 1.5, unitPrice: 333 },
      ],
      discountType: 'percentage',
      discountValue: 10,
      taxRate: 23,
    });
    // 5997 + round(499.5)=500 → 6497; discount round(649.7)=650; tax round(5847 × 0.23)=1345
    expect(totals).toEqual({ subtotal: 6497, discountAmount: 650, taxAmount: 1345, totalValue: 7192 });
  });

  it('caps a fixed discount at the subtotal', () => {
    const totals = computeTotals({
      items: [{ quantity: 1, unitPrice: 1000 }],
      discountType: 'fixed',
      discountValue: 5000,
      taxRate: 23,
    });
    expect(totals).toEqual({ subtotal: 1000, discountAmount: 1000, taxAmount: 0, totalValue: 0 });
  });

  it('is all zero without items', () => {
    expect(computeTotals({ items: [], discountType: 'percentage', discountValue: 0, taxRate: 23 })).toEqual({
      subtotal: 0,
      discountAmount: 0,
      taxAmount: 0,
      totalValue: 0,
    });
  });
});
