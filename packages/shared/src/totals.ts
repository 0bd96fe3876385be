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
  /** At 0 %: the AT exemption code (`vat.ts`, "M07"); the breakdown keeps 0 % lines apart by it. */
  exemption?: string | null;
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

/** One row of the table by rate (docs/product.md#totals): the discounted base taxed at `rate`, and its IVA. */
export interface TaxBreakdownRow {
  rate: number;
  /** Cents, after the proposal's discount. */
  base: number;
  /** Cents. */
  tax: number;
  /** At 0 %: the exemption code of the lines in this row. */
  exemption?: string;
}

export interface Totals {
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  totalValue: number;
  /** By rate, highest first: the bases sum to subtotal − discount and the taxes to `taxAmount`. */
  taxBreakdown: TaxBreakdownRow[];
}

/**
 * The single computation of a proposal's money (docs/product.md#totals), used by the server and the editor:
 * subtotal = Σ round(q × price); discount by percentage or fixed cents, capped at the subtotal; the discounted
 * amount shared among the rates in proportion to their lines; IVA rounded once per rate; all in integer cents.
 */
export function computeTotals(input: TotalsInput): Totals {
  // Rates are stored with two decimals: computing with more would make the stored figures disagree.
  const taxRate = roundRate(input.taxRate);
  const lines = input.items.map((item) => ({
    amount: lineTotal(item),
    rate: lineTaxRate(item, taxRate),
    exemption: item.exemption ?? undefined,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const rawDiscount =
    input.discountType === 'percentage'
      ? Math.round((subtotal * roundRate(input.discountValue)) / 100)
      : Math.round(input.discountValue);
  const discountAmount = Math.min(Math.max(rawDiscount, 0), subtotal);
  const taxBreakdown = breakdown(lines, subtotal, subtotal - discountAmount);
  const taxAmount = taxBreakdown.reduce((sum, row) => sum + row.tax, 0);
  return {
    subtotal,
    discountAmount,
    taxAmount,
    totalValue: subtotal - discountAmount + taxAmount,
    taxBreakdown,
  };
}

/**
 * The table by rate (docs/product.md#totals). The lines are grouped by rate (0 % lines also by exemption code);
 * the discounted amount is shared among the groups in proportion to their lines' amounts, in whole cents by
 * largest remainder so the bases add up exactly; each base is taxed at its rate and rounded once. With one rate
 * this is round((subtotal − discount) × rate), today's figure.
 */
function breakdown(
  lines: readonly { amount: number; rate: number; exemption: string | undefined }[],
  subtotal: number,
  net: number,
): TaxBreakdownRow[] {
  const groups = new Map<string, { rate: number; exemption: string | undefined; amount: number }>();
  for (const line of lines) {
    const exemption = line.rate === 0 ? line.exemption : undefined;
    const key = `${line.rate}|${exemption ?? ''}`;
    const group = groups.get(key) ?? { rate: line.rate, exemption, amount: 0 };
    group.amount += line.amount;
    groups.set(key, group);
  }
  const rows = [...groups.values()].sort(
    (a, b) => b.rate - a.rate || (a.exemption ?? '').localeCompare(b.exemption ?? ''),
  );
  const exact = rows.map((row) => (subtotal === 0 ? 0 : (row.amount * net) / subtotal));
  const bases = exact.map(Math.floor);
  let left = net - bases.reduce((sum, base) => sum + base, 0);
  // The cents lost to flooring go to the largest remainders (ties: the higher rate, listed first).
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    bases[i] = (bases[i] ?? 0) + 1;
    left -= 1;
  }
  return rows.map((row, i) => {
    const base = bases[i] ?? 0;
    return {
      rate: row.rate,
      base,
      tax: Math.round((base * row.rate) / 100),
      ...(row.exemption ? { exemption: row.exemption } : {}),
    };
  });
}

/**
 * The table by rate of a saved proposal, for the API, the public page and the PDF: computed from its lines, and
 * held to its stored IVA. A proposal with several rates saved before the IVA was rounded per rate may differ by
 * a cent; the stored figure (what the client saw) wins and the difference goes to the largest taxed row.
 */
export function savedTaxBreakdown(saved: TotalsInput & { taxAmount: number }): TaxBreakdownRow[] {
  const rows = computeTotals(saved).taxBreakdown;
  const difference = saved.taxAmount - rows.reduce((sum, row) => sum + row.tax, 0);
  if (difference === 0) return rows;
  const largest = rows.reduce<TaxBreakdownRow | undefined>(
    (best, row) => (row.rate > 0 && (!best || row.tax > best.tax) ? row : best),
    undefined,
  );
  return rows.map((row) => (row === largest ? { ...row, tax: row.tax + difference } : row));
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
  const rate = lineTaxRate(item, taxRate);
  if (rate === 0 && item.exemption) {
    // An exempt line names its reason's code; the table by rate spells it out.
    terms.push(`IVA ${formatPercent(0)} (${item.exemption})`);
  } else if (item.tax !== undefined && item.tax !== null && item.tax !== taxRate) {
    terms.push(`IVA ${formatPercent(item.tax)}`);
  }
  return terms;
}

/** The IVA line's label: "IVA (23 %)", or just "IVA" when lines are taxed at different rates. */
export function taxLabel(items: readonly TotalsItem[], taxRate: number): string {
  const rate = effectiveTaxRate(items, taxRate);
  return rate === null ? 'IVA' : `IVA (${formatPercent(rate)})`;
}

/**
 * Whether the summaries show the table by rate (docs/product.md#totals): with more than one rate or a line
 * exempt of IVA; with one taxed rate the "IVA (23 %)" line already says it all.
 */
export function showsTaxBreakdown(rows: readonly TaxBreakdownRow[]): boolean {
  return rows.length > 1 || rows.some((row) => row.exemption !== undefined || row.rate === 0);
}
