import { formatPercent } from './format-percent.ts';

/**
 * Portuguese IVA: the rates of each region and the exemption reasons (docs/product.md#iva-per-line). One dated
 * table, so a change in the law is one line: add a row with the date it applies from; rows already in force
 * keep describing the past.
 */

/** Where the organization's operations are taxed (Settings → Organização). */
export const VAT_REGIONS = ['continente', 'madeira', 'acores'] as const;
export type VatRegion = (typeof VAT_REGIONS)[number];

export const VAT_REGION_LABELS: Record<VatRegion, string> = {
  continente: 'Portugal continental',
  madeira: 'Região Autónoma da Madeira',
  acores: 'Região Autónoma dos Açores',
};

export const DEFAULT_VAT_REGION: VatRegion = 'continente';

/** A region's rates (normal, intermediate, reduced, percent) from `from` (YYYY-MM-DD) on. */
export interface VatRatesRow {
  region: VatRegion;
  from: string;
  rates: readonly [normal: number, intermediate: number, reduced: number];
}

/** CIVA art. 18.º (continente) and the regional rates (Madeira since April 2012, Açores since July 2021). */
export const VAT_RATES_TABLE: readonly VatRatesRow[] = [
  { region: 'continente', from: '2011-01-01', rates: [23, 13, 6] },
  { region: 'madeira', from: '2012-04-01', rates: [22, 12, 5] },
  { region: 'acores', from: '2021-07-01', rates: [16, 9, 4] },
];

/** The region's rates in force on `date` (YYYY-MM-DD, default today), highest first. */
export function vatRates(region: VatRegion, date: string = new Date().toISOString().slice(0, 10)): number[] {
  const rows = VAT_RATES_TABLE.filter((row) => row.region === region && row.from <= date).sort((a, b) =>
    b.from.localeCompare(a.from),
  );
  // Before the first row of a region the oldest known rates are the best answer.
  const row = rows[0] ?? VAT_RATES_TABLE.find((r) => r.region === region);
  return row ? [...row.rates] : [];
}

/**
 * The AT's exemption and non-charging reason codes (Portaria n.º 302/2016, SAF-T-PT `TaxExemptionCode`). Their
 * mentions and legal rules are in `vat-exemptions.ts`, typed by these codes (one entry each, a test checks the
 * order): the codes validate every proposal, so they stay in the bundle every screen loads; the texts only
 * where a reason is shown or chosen.
 */
export const VAT_EXEMPTION_CODES = [
  'M01',
  'M02',
  'M04',
  'M05',
  'M06',
  'M07',
  'M09',
  'M10',
  'M11',
  'M12',
  'M13',
  'M14',
  'M15',
  'M16',
  'M19',
  'M20',
  'M21',
  'M25',
  'M26',
  'M30',
  'M31',
  'M32',
  'M33',
  'M34',
  'M40',
  'M41',
  'M42',
  'M43',
  'M44',
  'M45',
  'M46',
  'M99',
] as const;
export type VatExemptionCode = (typeof VAT_EXEMPTION_CODES)[number];

/** The organization's region (Settings → Organização); anything else is the default, continente. */
export function vatRegionOf(settings: Record<string, unknown> | null | undefined): VatRegion {
  const value = settings?.vatRegion;
  return (VAT_REGIONS as readonly unknown[]).includes(value) ? (value as VatRegion) : DEFAULT_VAT_REGION;
}

/**
 * The rates the editor offers: the region's, then 0 % (with a reason), plus any rate already in use (a proposal
 * made before a change of region or law keeps its rate), highest first.
 */
export function rateChoices(region: VatRegion, inUse: readonly number[] = []): number[] {
  const rates = new Set([...vatRates(region), 0, ...inUse.filter((r) => Number.isFinite(r))]);
  return [...rates].sort((a, b) => b - a);
}

/** The region's short name in a sentence ("para a região atual (Madeira)"). */
export const VAT_REGION_SHORT_LABELS: Record<VatRegion, string> = {
  continente: 'Portugal continental',
  madeira: 'Madeira',
  acores: 'Açores',
};

/** The region's normal rate in force on `date`: what a new line starts with (issue 37). */
export function normalRate(region: VatRegion, date?: string): number {
  return vatRates(region, date)[0] ?? 23;
}

/**
 * The rate of `region` that stands where `rate` stands in its own region (normal, intermediate, reduced): 23 %
 * on the mainland is 22 % in Madeira and 16 % in the Azores. 0 % (an exemption) and a rate no region has stay as
 * they are. Used when a proposal is copied into the organization's current region (docs/product.md#iva-per-line).
 */
export function regionalRate(rate: number, region: VatRegion, date?: string): number {
  const target = vatRates(region, date);
  if (rate === 0 || target.includes(rate)) return rate;
  for (const other of VAT_REGIONS) {
    const position = vatRates(other, date).indexOf(rate);
    if (position >= 0) return target[position] ?? rate;
  }
  return rate;
}

/** One line whose IVA moved to the current region's equivalent: its position (from 0) and the two rates. */
export interface VatRateChange {
  line: number;
  from: number;
  to: number;
}

/**
 * A proposal's rates read again for `region`: the proposal's rate and every line's own rate mapped by
 * `regionalRate`, and the lines whose rate changed (what the copy's notice lists).
 */
export function ratesForRegion<T extends { tax?: number | null }>(
  items: readonly T[],
  taxRate: number,
  region: VatRegion,
  date?: string,
): { items: T[]; taxRate: number; changes: VatRateChange[] } {
  const nextTaxRate = regionalRate(taxRate, region, date);
  const changes: VatRateChange[] = [];
  const next = items.map((item, line) => {
    const tax = item.tax == null ? item.tax : regionalRate(item.tax, region, date);
    const from = item.tax ?? taxRate;
    const to = tax ?? nextTaxRate;
    if (from !== to) changes.push({ line, from, to });
    return tax === item.tax ? item : { ...item, tax };
  });
  return { items: next, taxRate: nextTaxRate, changes };
}

/**
 * The notice a copy shows when its rates changed: "As taxas de IVA foram atualizadas para a região atual
 * (Madeira): 23 % → 22 %." Each pair once, in the order of the lines; null when nothing changed.
 */
export function rateChangeNotice(
  region: VatRegion,
  changes: readonly Omit<VatRateChange, 'line'>[],
): string | null {
  const pairs = [...new Set(changes.map((c) => `${formatPercent(c.from)} → ${formatPercent(c.to)}`))];
  if (pairs.length === 0) return null;
  return `As taxas de IVA foram atualizadas para a região atual (${VAT_REGION_SHORT_LABELS[region]}): ${pairs.join(', ')}.`;
}
