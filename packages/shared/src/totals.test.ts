import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  effectiveTaxRate,
  lineTotal,
  savedTaxBreakdown,
  type TaxBreakdownRow,
  type TotalsInput,
} from './totals.ts';

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
    expect(totals).toMatchObject({ subtotal: 6497, discountAmount: 650, taxAmount: 1345, totalValue: 7192 });
  });

  it('caps a fixed discount at the subtotal', () => {
    const totals = computeTotals({
      items: [{ quantity: 1, unitPrice: 1000 }],
      discountType: 'fixed',
      discountValue: 5000,
      taxRate: 23,
    });
    expect(totals).toMatchObject({ subtotal: 1000, discountAmount: 1000, taxAmount: 0, totalValue: 0 });
  });

  it('is all zero without items', () => {
    expect(computeTotals({ items: [], discountType: 'percentage', discountValue: 0, taxRate: 23 })).toEqual({
      taxBreakdown: [],
      subtotal: 0,
      discountAmount: 0,
      taxAmount: 0,
      totalValue: 0,
    });
  });

  it('handles 0 % and 100 % discounts and tax rates of 0 and 100', () => {
    const items = [{ quantity: 2, unitPrice: 1050 }];
    expect(computeTotals({ items, discountType: 'percentage', discountValue: 0, taxRate: 0 })).toMatchObject({
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
    ).toMatchObject({ subtotal: 100, discountAmount: 33, taxAmount: 15, totalValue: 82 });
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
    expect(totals).toMatchObject({
      subtotal: 90_000,
      discountAmount: 0,
      taxAmount: 5_400,
      totalValue: 95_400,
    });
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
    expect(totals).toMatchObject({
      subtotal: 40_000,
      discountAmount: 4_000,
      taxAmount: 6_750,
      totalValue: 42_750,
    });
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

describe('computeTotals: the table by rate (docs/product.md#totals)', () => {
  const cases: {
    name: string;
    input: TotalsInput;
    rows: TaxBreakdownRow[];
    taxAmount: number;
  }[] = [
    {
      name: 'one rate: one row, today’s figure (23 % of the discounted subtotal)',
      input: {
        items: [
          { quantity: 3, unitPrice: 1999 },
          { quantity: 1.5, unitPrice: 333 },
        ],
        discountType: 'percentage',
        discountValue: 10,
        taxRate: 23,
      },
      rows: [{ rate: 23, base: 5847, tax: 1345 }],
      taxAmount: 1345,
    },
    {
      name: 'fixed discount spread in proportion: 9 000 at 6 %, 27 000 at 23 %',
      input: {
        items: [
          { quantity: 1, unitPrice: 10_000, tax: 6 },
          { quantity: 1, unitPrice: 30_000 },
        ],
        discountType: 'fixed',
        discountValue: 4_000,
        taxRate: 23,
      },
      rows: [
        { rate: 23, base: 27_000, tax: 6_210 },
        { rate: 6, base: 9_000, tax: 540 },
      ],
      taxAmount: 6_750,
    },
    {
      name: 'bases split by largest remainder so they add up to the discounted subtotal (1 cent to the larger rest)',
      // 3 lines of 1,00 €, 10 % off: 270 cents for 3 rates, 90 each; then one cent is left over with 100 cents off 3.
      input: {
        items: [
          { quantity: 1, unitPrice: 100, tax: 23 },
          { quantity: 1, unitPrice: 100, tax: 13 },
          { quantity: 1, unitPrice: 100, tax: 6 },
        ],
        discountType: 'fixed',
        discountValue: 100,
        taxRate: 23,
      },
      // 200 / 3 = 66.67 each: two get 67 (ties: the higher rate first), one 66 → 200.
      rows: [
        { rate: 23, base: 67, tax: 15 },
        { rate: 13, base: 67, tax: 9 },
        { rate: 6, base: 66, tax: 4 },
      ],
      taxAmount: 28,
    },
    {
      name: 'IVA rounded once per rate, not per line (two 6 % lines of 0,10 € → 0,01 €, not 0,02 €)',
      input: {
        items: [
          { quantity: 1, unitPrice: 10, tax: 6 },
          { quantity: 1, unitPrice: 10, tax: 6 },
          { quantity: 1, unitPrice: 1000 },
        ],
        discountType: 'percentage',
        discountValue: 0,
        taxRate: 23,
      },
      rows: [
        { rate: 23, base: 1000, tax: 230 },
        { rate: 6, base: 20, tax: 1 },
      ],
      taxAmount: 231,
    },
    {
      name: 'per-line discount and rounding happen first; 0 % lines are kept apart by exemption code',
      input: {
        items: [
          { quantity: 1.5, unitPrice: 333, discount: 10, tax: 0, exemption: 'M07' },
          { quantity: 2, unitPrice: 500, tax: 0, exemption: 'M10' },
          { quantity: 1, unitPrice: 999, tax: 0, exemption: 'M07' },
          { quantity: 1, unitPrice: 1000, tax: 6, exemption: 'M07' },
        ],
        discountType: 'percentage',
        discountValue: 0,
        taxRate: 23,
      },
      // round(449.55) = 450 + 999 at M07; 1000 at M10; the exemption of a 6 % line means nothing.
      rows: [
        { rate: 6, base: 1000, tax: 60 },
        { rate: 0, base: 1449, tax: 0, exemption: 'M07' },
        { rate: 0, base: 1000, tax: 0, exemption: 'M10' },
      ],
      taxAmount: 60,
    },
    {
      name: 'a fixed discount above the subtotal leaves every base at 0',
      input: {
        items: [
          { quantity: 1, unitPrice: 1000, tax: 6 },
          { quantity: 1, unitPrice: 1000 },
        ],
        discountType: 'fixed',
        discountValue: 5000,
        taxRate: 23,
      },
      rows: [
        { rate: 23, base: 0, tax: 0 },
        { rate: 6, base: 0, tax: 0 },
      ],
      taxAmount: 0,
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const totals = computeTotals(c.input);
      expect(totals.taxBreakdown).toEqual(c.rows);
      expect(totals.taxAmount).toBe(c.taxAmount);
      expect(totals.taxBreakdown.reduce((s, r) => s + r.base, 0)).toBe(
        totals.subtotal - totals.discountAmount,
      );
      expect(totals.totalValue).toBe(totals.subtotal - totals.discountAmount + totals.taxAmount);
    });
  }

  it('keeps the bases summing to the discounted subtotal and the taxes to taxAmount for many random proposals', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const rates = [23, 13, 6, 0, 22, 5];
    for (let n = 0; n < 500; n += 1) {
      const items = Array.from({ length: 1 + Math.floor(random() * 8) }, () => ({
        quantity: 1 + Math.floor(random() * 5),
        unitPrice: Math.floor(random() * 100_000),
        discount: Math.floor(random() * 3) * 5,
        tax: random() < 0.5 ? null : (rates[Math.floor(random() * rates.length)] ?? 23),
        exemption: 'M07',
      }));
      const fixed = random() < 0.5;
      const totals = computeTotals({
        items,
        discountType: fixed ? 'fixed' : 'percentage',
        discountValue: fixed ? Math.floor(random() * 50_000) : Math.floor(random() * 30),
        taxRate: 23,
      });
      expect(totals.taxBreakdown.reduce((s, r) => s + r.base, 0)).toBe(
        totals.subtotal - totals.discountAmount,
      );
      expect(totals.taxBreakdown.reduce((s, r) => s + r.tax, 0)).toBe(totals.taxAmount);
      for (const row of totals.taxBreakdown) expect(row.base).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('savedTaxBreakdown', () => {
  const input: TotalsInput = {
    items: [
      { quantity: 1, unitPrice: 100, tax: 23 },
      { quantity: 1, unitPrice: 100, tax: 13 },
      { quantity: 1, unitPrice: 100, tax: 6 },
    ],
    discountType: 'fixed',
    discountValue: 100,
    taxRate: 23,
  };

  it('is the computed table when the stored IVA agrees', () => {
    expect(savedTaxBreakdown({ ...input, taxAmount: 28 })).toEqual(computeTotals(input).taxBreakdown);
  });

  it('holds a proposal saved before rounding per rate to its stored IVA, on the largest taxed row', () => {
    // Stored with 27 cents of IVA (rounded once over the weighted sum), while the table by rate gives 28.
    const rows = savedTaxBreakdown({ ...input, taxAmount: 27 });
    expect(rows.reduce((sum, row) => sum + row.tax, 0)).toBe(27);
    expect(rows).toEqual([
      { rate: 23, base: 67, tax: 14 },
      { rate: 13, base: 67, tax: 9 },
      { rate: 6, base: 66, tax: 4 },
    ]);
  });
});
