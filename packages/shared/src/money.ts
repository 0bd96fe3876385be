/**
 * Every figure the product shows groups its thousands, 4-digit ones included: pt-PT's default grouping skips
 * them ("8329,50 €" beside "26 513,89 €"), so `useGrouping: 'always'` (docs/decisions.md, "Issue 37 — One money
 * grouping"). Every money, quantity and count on screens, PDF, emails and the public page is written by this
 * module (and `format-percent.ts` for percentages).
 */
const GROUPING = { useGrouping: 'always' } as const;
const EUR = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', ...GROUPING });
const EUR_WHOLE = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  ...GROUPING,
});
const EUR_COMPACT = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Formats integer cents as pt-PT euros with two decimals, e.g. 123456 → "1 234,56 €". */
export function formatMoney(cents: number): string {
  return EUR.format(cents / 100);
}

/** Formats whole euros without decimals, e.g. 290 → "290 €", 1200 → "1 200 €" (used for plan prices). */
export function formatEuros(euros: number): string {
  return EUR_WHOLE.format(euros);
}

/** Whole euros in a chart's axis, short: 1500 → "1,5 mil €". */
export function formatEurosCompact(euros: number): string {
  return EUR_COMPACT.format(euros);
}

/** Converts a euro amount typed by a person into integer cents by rounding (docs/product.md#totals). */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Converts integer cents into euros for form inputs. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Why a typed amount was refused; `invalid` covers anything that is not a pt-PT number. */
export type DecimalParseError = 'invalid' | 'decimals';

export type DecimalParseResult = { ok: true; value: number | null } | { ok: false; error: DecimalParseError };

/** Spaces people and `Intl` put between thousands: space, no-break space, narrow no-break space. */
const GROUP_SPACE = /[ \u00a0\u202f]/;
const PLAIN = /^\d+(?:,\d+)?$/;
const DOT_GROUPS = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const SPACE_GROUPS = new RegExp(`^\\d{1,3}(?:${GROUP_SPACE.source}\\d{3})+(?:,\\d+)?$`);

/**
 * The one reader of numbers typed in pt-PT (amounts, quantities, percentages), used by every number input.
 * The comma is the decimal separator; a dot or a space only groups thousands, in groups of three
 * ("1.250,50", "1250,50", "1 250,50" are all 1250.5). Anything else ("12.5", "1,250.50", "1.2.3") is refused
 * rather than guessed, so a price can never silently be read 1000 times too small or too large.
 * An optional euro sign is ignored; empty text is `value: null`.
 */
export function parseDecimalPt(
  text: string,
  { maxDecimals = 2 }: { maxDecimals?: number } = {},
): DecimalParseResult {
  const cleaned = text.replace(/€/g, '').trim();
  if (cleaned === '') return { ok: true, value: null };
  if (!PLAIN.test(cleaned) && !DOT_GROUPS.test(cleaned) && !SPACE_GROUPS.test(cleaned)) {
    return { ok: false, error: 'invalid' };
  }
  const [whole = '', fraction = ''] = cleaned.split(',');
  if (fraction.length > maxDecimals) return { ok: false, error: 'decimals' };
  const value = Number(`${whole.replace(/[.\s\u00a0\u202f]/g, '')}.${fraction || '0'}`);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, error: 'invalid' };
}

/** The pt-PT message for a refused amount, shown under the field. */
export function decimalParseMessage(error: DecimalParseError, maxDecimals = 2): string {
  return error === 'decimals'
    ? `Use no máximo ${maxDecimals} casas decimais`
    : 'Valor inválido: use a vírgula para as casas decimais (ex.: 1250,50 ou 1.250,50)';
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the product writes it (quantities, counts) and as a pt-PT input shows it back: comma decimals,
 * thousands always grouped ("1 250,50", "12 345,50"), which `parseDecimalPt` reads; `minDecimals` 2 for money.
 */
export function formatDecimalPt(value: number, { minDecimals = 0, maxDecimals = 2 } = {}): string {
  const key = `${minDecimals}:${maxDecimals}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('pt-PT', {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
      ...GROUPING,
    });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}

/** A unit price with its unit, as every view of a proposal writes it: "15,00 € / mês" (no unit: "15,00 €"). */
export function formatUnitPrice(cents: number, unit?: string | null): string {
  const trimmed = unit?.trim();
  return trimmed ? `${formatMoney(cents)} / ${trimmed}` : formatMoney(cents);
}
