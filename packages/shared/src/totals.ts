import { formatPercent } from './format-percent.ts';
import { roundRate } from './limits.ts';

/** One line of a proposal: quantity, unit price in cents, and its own discount and IVA if it has them. */
export interface TotalsItem {
  quantity: number;
  unitPrice: number;
  /** Percent 0–100; absent is 0. */
  discount?: number;
  /** Percent 0–100; absent or null is the proposal's `taxRate`. */
  tax?: number | null;
}

/** A line's amount in cents: quantity × unit price, less the line's own discount, rounded once. */
export function lineTotal(item: TotalsItem): number {
  // Rates are stored with two decimals: computing with more would make the stored figures disagree.
  const discount = roundRate(item.discount ?? 0);
  return Math.round((item.quantity * item.unitPrice * (100 - discount)) / 100);
}

/** The IVA rate that applies to a line. */
export function lineTaxRate(item: TotalsItem, taxRate: number): number {
  return roundRate(item.tax ?? taxRate);
}

/** How a proposal's discount is read: a percentage of the subtotal or an amount in cents. */
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

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
 * The single computation of a proposal's money (docs/product.md#totals), used by the server and the editor:
 * subtotal = Σ round(q × price); discount by percentage or fixed cents, capped at the subtotal;
 * tax on the discounted amount; all in integer cents.
 */
export function computeTotals(input: TotalsInput): Totals {
  // Rates are stored with two decimals: computing with more would make the stored figures disagree.
  const taxRate = roundRate(input.taxRate);
  const lines = input.items.map((item) => ({
    amount: lineTotal(item),
    rate: lineTaxRate(item, taxRate),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const rawDiscount =
    input.discountType === 'percentage'
      ? Math.round((subtotal * roundRate(input.discountValue)) / 100)
      : Math.round(input.discountValue);
  const discountAmount = Math.min(Math.max(rawDiscount, 0), subtotal);
  const taxAmount = computeTax(lines, subtotal, discountAmount, taxRate);
  return { subtotal, discountAmount, taxAmount, totalValue: subtotal - discountAmount + taxAmount };
}

/**
 * IVA on the discounted amount. With one rate for every line (the usual case) it is that rate on
 * subtotal − discount, as always; with rates per line, the proposal's discount is shared among the lines in
 * proportion to their amounts and each share is taxed at its line's rate, rounded once at the end.
 */
function computeTax(
  lines: readonly { amount: number; rate: number }[],
  subtotal: number,
  discountAmount: number,
  taxRate: number,
): number {
  const rates = new Set(lines.map((line) => line.rate));
  if (rates.size <= 1) {
    const rate = rates.size === 1 ? ([...rates][0] ?? taxRate) : taxRate;
    return Math.round(((subtotal - discountAmount) * rate) / 100);
  }
  if (subtotal === 0) return 0;
  const weighted = lines.reduce((sum, line) => sum + line.amount * line.rate, 0);
  return Math.round((weighted * (subtotal - discountAmount)) / subtotal / 100);
}

/** Whether the lines are taxed at more than one rate (the summaries then show IVA without a rate). */
export function hasMixedTaxRates(items: readonly TotalsItem[], taxRate: number): boolean {
  return new Set(items.map((item) => lineTaxRate(item, taxRate))).size > 1;
}

/** The one IVA rate of a proposal's lines: the line rate if all share one, else the proposal's; null if mixed. */
export function effectiveTaxRate(items: readonly TotalsItem[], taxRate: number): number | null {
  const rates = new Set(items.map((item) => lineTaxRate(item, taxRate)));
  if (rates.size > 1) return null;
  return rates.size === 1 ? ([...rates][0] ?? taxRate) : taxRate;
}

/**
 * What sets a line apart from the proposal's terms, for the views that list lines: its own discount and an IVA
 * other than the proposal's ("Desconto 10 %", "IVA 6 %").
 */
export function lineTerms(item: TotalsItem, taxRate: number): string[] {
  const terms: string[] = [];
  if (item.discount) terms.push(`Desconto ${formatPercent(item.discount)}`);
  if (item.tax !== undefined && item.tax !== null && item.tax !== taxRate) {
    terms.push(`IVA ${formatPercent(item.tax)}`);
  }
  return terms;
}

/** The IVA line's label: "IVA (23 %)", or just "IVA" when lines are taxed at different rates. */
export function taxLabel(items: readonly TotalsItem[], taxRate: number): string {
  const rate = effectiveTaxRate(items, taxRate);
  return rate === null ? 'IVA' : `IVA (${formatPercent(rate)})`;
}
