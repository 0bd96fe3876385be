const EUR = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR' });
const EUR_WHOLE = new Intl.NumberFormat('pt-PT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats integer cents as pt-PT euros with two decimals, e.g. 123456 → "1234,56 €". */
export function formatMoney(cents: number): string {
  return EUR.format(cents / 100);
}

/** Formats whole euros without decimals, e.g. 290 → "290 €" (used for plan prices). */
export function formatEuros(euros: number): string {
  return EUR_WHOLE.format(euros);
}

/** Converts a euro amount typed by a person into integer cents by rounding (spec §5). */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Converts integer cents into euros for form inputs. */
export function fromCents(cents: number): number {
  return cents / 100;
}
