import { describe, expect, it } from 'vitest';
import { computeTotals, effectiveTaxRate, lineTotal } from './totals.ts';

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

  it('handles 0 % and 100 % discounts and tax rates of 0 and 100', () => {
    const items = [{ quantity: 2, unitPrice: 1050 }];
    expect(computeTotals({ items, discountType: 'percentage', discountValue: 0, taxRate: 0 })).toEqual({
      subtotal: 2100,
      discountAmount: 0,
      taxAmount: 0,
      totalValue: 2100,
    });
    expect(
      computeTotals({ items, discountType: 'percentage', discountValue: 100, taxRate: 23 }).totalValue,
    ).toBe(0);
    expect(
      computeTotals({ items, discountType: 'percentage', discountValue: 0, taxRate: 100 }),
    ).toMatchObject({
      taxAmount: 2100,
      totalValue: 4200,
    });
  });

  it('rounds each line to the cent before summing, and half cents up', () => {
    // 0.5 × 1 = 0.5 → 1 cent per line (Math.round rounds .5 up), three lines → 3 cents
    const items = Array.from({ length: 3 }, () => ({ quantity: 0.5, unitPrice: 1 }));
    expect(computeTotals({ items, discountType: 'percentage', discountValue: 0, taxRate: 0 }).subtotal).toBe(
      3,
    );
    // 33.3 % of 100 cents = 33.3 → 33; tax 23 % of 67 = 15.41 → 15
    expect(
      computeTotals({
        items: [{ quantity: 1, unitPrice: 100 }],
        discountType: 'percentage',
        discountValue: 33.3,
        taxRate: 23,
      }),
    ).toEqual({ subtotal: 100, discountAmount: 33, taxAmount: 15, totalValue: 82 });
  });

  it('stays exact in integer cents over many items', () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ quantity: (i % 7) + 1, unitPrice: 1999 + i }));
    const expected = items.reduce((s, it) => s + it.quantity * it.unitPrice, 0);
    const totals = computeTotals({ items, discountType: 'fixed', discountValue: 12345, taxRate: 23 });
    expect(totals.subtotal).toBe(expected);
    expect(Number.isInteger(totals.totalValue)).toBe(true);
    expect(totals.totalValue).toBe(expected - 12345 + Math.round((expected - 12345) * 0.23));
  });

  it("takes each line's own discount and IVA, as a template line promises them (1000 € − 10 % + 6 % = 954 €)", () => {
    const totals = computeTotals({
      items: [{ quantity: 1, unitPrice: 100_000, discount: 10, tax: 6 }],
      discountType: 'percentage',
      discountValue: 0,
      taxRate: 23,
    });
    expect(totals).toEqual({ subtotal: 90_000, discountAmount: 0, taxAmount: 5_400, totalValue: 95_400 });
  });

  it('shares the proposal discount among lines of different IVA rates in proportion to their amounts', () => {
    const totals = computeTotals({
      items: [
        { quantity: 1, unitPrice: 10_000, tax: 6 },
        { quantity: 1, unitPrice: 30_000 },
      ],
      discountType: 'fixed',
      discountValue: 4_000,
      taxRate: 23,
    });
    // 40 000 less 4 000 = 36 000: 9 000 at 6 % (540) and 27 000 at 23 % (6 210).
    expect(totals).toEqual({ subtotal: 40_000, discountAmount: 4_000, taxAmount: 6_750, totalValue: 42_750 });
  });

  it('gives lines without their own discount or IVA the same totals as before', () => {
    expect(lineTotal({ quantity: 1.5, unitPrice: 333 })).toBe(500);
    expect(lineTotal({ quantity: 3, unitPrice: 1050, discount: 10 })).toBe(2835);
    expect(effectiveTaxRate([{ quantity: 1, unitPrice: 1, tax: null }], 23)).toBe(23);
    expect(effectiveTaxRate([{ quantity: 1, unitPrice: 1, tax: 6 }], 23)).toBe(6);
    expect(
      effectiveTaxRate(
        [
          { quantity: 1, unitPrice: 1, tax: 6 },
          { quantity: 1, unitPrice: 1 },
        ],
        23,
      ),
    ).toBeNull();
  });
});
