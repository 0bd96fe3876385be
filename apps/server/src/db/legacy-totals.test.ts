import { computeTotals, lineTaxRate, lineTotal, type TotalsInput } from '@aceite/shared/totals';
import { describe, expect, it } from 'vitest';
import { buildDemoProposals } from './demo-proposals.ts';

/**
 * The totals rule as it was before IVA per rate (docs/product.md#totals), kept here as the reference: a
 * proposal whose lines all share one rate must give exactly these figures, so no saved proposal changes.
 */
function legacyTotals(input: TotalsInput) {
  const taxRate = Math.round(input.taxRate * 100) / 100;
  const lines = input.items.map((item) => ({ amount: lineTotal(item), rate: lineTaxRate(item, taxRate) }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const rawDiscount =
    input.discountType === 'percentage'
      ? Math.round((subtotal * (Math.round(input.discountValue * 100) / 100)) / 100)
      : Math.round(input.discountValue);
  const discountAmount = Math.min(Math.max(rawDiscount, 0), subtotal);
  const rates = new Set(lines.map((line) => line.rate));
  const rate = rates.size === 1 ? ([...rates][0] ?? taxRate) : taxRate;
  const taxAmount = Math.round(((subtotal - discountAmount) * rate) / 100);
  return { subtotal, discountAmount, taxAmount, totalValue: subtotal - discountAmount + taxAmount };
}

describe('per-rate totals against the single-rate rule of before', () => {
  it("gives the demo's proposals exactly the figures they were saved with", () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const demo = buildDemoProposals({
      organizationId: ids(1)[0] as string,
      ownerIds: ids(3),
      clientIds: ids(5),
    });
    expect(demo.length).toBeGreaterThan(10);
    for (const p of demo) {
      const input = {
        items: p.content?.items ?? [],
        discountType: p.discountType ?? 'percentage',
        discountValue: p.discountValue ?? 0,
        taxRate: p.taxRate ?? 23,
      };
      expect(computeTotals(input)).toMatchObject(legacyTotals(input));
      expect({ subtotal: p.subtotal, taxAmount: p.taxAmount, totalValue: p.totalValue }).toMatchObject({
        subtotal: legacyTotals(input).subtotal,
        taxAmount: legacyTotals(input).taxAmount,
        totalValue: legacyTotals(input).totalValue,
      });
    }
  });

  it('matches the old rule for thousands of single-rate proposals (own rate equal to the proposal’s, or none)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const rates = [23, 13, 6, 0, 22, 12, 5, 16, 9, 4, 21.5];
    for (let n = 0; n < 3000; n += 1) {
      const taxRate = rates[Math.floor(random() * rates.length)] ?? 23;
      const items = Array.from({ length: Math.floor(random() * 10) }, () => ({
        quantity: 1 + Math.floor(random() * 40) / 4,
        unitPrice: Math.floor(random() * 250_000),
        discount: Math.floor(random() * 4) * 7.5,
        tax: random() < 0.5 ? null : taxRate,
        exemption: taxRate === 0 ? 'M07' : null,
      }));
      const fixed = random() < 0.3;
      const input: TotalsInput = {
        items,
        discountType: fixed ? 'fixed' : 'percentage',
        discountValue: fixed ? Math.floor(random() * 100_000) : Math.floor(random() * 3000) / 100,
        taxRate,
      };
      const totals = computeTotals(input);
      expect(totals).toMatchObject(legacyTotals(input));
      expect(totals.taxBreakdown.length).toBe(items.length === 0 ? 0 : 1);
    }
  });
});
