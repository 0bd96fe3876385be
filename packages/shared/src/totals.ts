import { roundRate } from './limits.ts';

/** One line of a proposal: quantity and unit price in cents. */
export interface TotalsItem {
  quantity: number;
  unitPrice: number;
}

export type DiscountType = 'percentage' | 'fixed';

export interface TotalsInput {
  items: readonly TotalsItem[];
  discountType: DiscountType;
  /** Percentage (0–100) or cents, by discountType. */
  discountValue: number;
  /** Percent, 0–100. */
  taxRate: number;
}

export interface Totals {
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  totalValue: number;
}

/**
 * The single computation of a proposal's money (server-behaviour §4), used by the server and the editor:
 * subtotal = Σ round(q × price); discount by percentage or fixed cents, capped at the subtotal;
 * tax on the discounted amount; all in integer cents.
 */
export function computeTotals(input: TotalsInput): Totals {
  // Rates are stored with two decimals: computing with more would make the stored figures disagree.
  const taxRate = roundRate(input.taxRate);
  const subtotal = input.items.reduce((sum, item) => sum + Math.round(item.quantity * item.unitPrice), 0);
  const rawDiscount =
    input.discountType === 'percentage'
      ? Math.round((subtotal * roundRate(input.discountValue)) / 100)
      : Math.round(input.discountValue);
  const discountAmount = Math.min(Math.max(rawDiscount, 0), subtotal);
  const taxAmount = Math.round(((subtotal - discountAmount) * taxRate) / 100);
  return { subtotal, discountAmount, taxAmount, totalValue: subtotal - discountAmount + taxAmount };
}
