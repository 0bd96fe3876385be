/**
 * The tax id (NIF) of a client or of the organization (docs/product.md#tax-ids). Zod-free: the public page
 * and the forms use it as the server does.
 *
 * Portugal: 9 digits, a first digit (or pair) the Tax Authority (AT) assigns, and the mod-11 check digit.
 * Elsewhere: a free tax id, at most 30 letters, digits, '-', '.' or spaces.
 */

/** Single first digits the AT assigns: 1–3 people, 5 companies, 6 public bodies, 8 sole traders (legacy). */
const PT_FIRST_DIGITS = ['1', '2', '3', '5', '6', '8'];
/**
 * First pairs the AT assigns where the first digit alone is not enough: 45 non-resident people, 70/74/75
 * undivided estates, 71 non-resident companies, 72 investment funds, 77 assigned ex officio, 78 VAT refunds
 * to non-residents, 79 special regime, 90/91 condominiums and irregular companies, 98 non-residents without a
 * permanent establishment, 99 civil partnerships without legal personality.
 */
const PT_FIRST_PAIRS = ['45', '70', '71', '72', '74', '75', '77', '78', '79', '90', '91', '98', '99'];

export const FOREIGN_TAX_ID_MAX = 30;
const FOREIGN_TAX_ID = /^[\p{L}\p{N}\-. ]+$/u;

/** Whether a country of the client form (or an ISO code) is Portugal, where the NIF rules apply. */
export function isPortugal(country: string | null | undefined): boolean {
  return country == null || country === '' || country === 'Portugal' || country.toUpperCase() === 'PT';
}

/** Whether nine digits are a Portuguese NIF: an assigned first digit (or pair) and the mod-11 check digit. */
export function isValidPortugueseNif(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  if (!PT_FIRST_DIGITS.includes(value[0] as string) && !PT_FIRST_PAIRS.includes(value.slice(0, 2))) {
    return false;
  }
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * (9 - i);
  const rest = sum % 11;
  const check = rest < 2 ? 0 : 11 - rest;
  return check === Number(value[8]);
}

/** The tax id as stored: trimmed, and for Portugal without the spaces people type ('123 456 789'). */
export function normalizeTaxId(value: string, country: string | null | undefined): string {
  const trimmed = value.trim();
  return isPortugal(country) ? trimmed.replace(/\s+/g, '') : trimmed.replace(/\s+/g, ' ');
}

/** Whether a tax id is valid for the country; empty is allowed (the field is optional). */
export function isValidTaxId(value: string | null | undefined, country: string | null | undefined): boolean {
  const v = normalizeTaxId(value ?? '', country);
  if (v === '') return true;
  if (isPortugal(country)) return isValidPortugueseNif(v);
  return v.length <= FOREIGN_TAX_ID_MAX && FOREIGN_TAX_ID.test(v);
}
