/**
 * The SEPA creditor identifier (docs/product.md#sepa-direct-debit): the country code, two check digits, a
 * three-character business code the creditor chooses (`ZZZ` when it has none) and the national identifier
 * (in Portugal, the one Banco de Portugal assigns). The check digits are ISO 7064 MOD 97-10 over the national
 * identifier followed by the country code and '00', letters read as numbers (A = 10 … Z = 35); the business
 * code is left out, so it may change without changing the check digits. Zod-free: the form and the server
 * share it. ibantools (the IBAN and BIC checks) has no creditor-identifier check (docs/decisions.md, "SEPA").
 */

/** EPC: at most 35 characters; the country, the check digits and the business code take 7 of them. */
export const CREDITOR_IDENTIFIER_MAX = 35;

const SHAPE = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/;

/** The identifier as stored and written to the file: without spaces, upper case. */
export function normalizeCreditorIdentifier(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Letters as numbers (A = 10 … Z = 35), then the remainder of the whole by 97, a few digits at a time. */
function mod97(alphanumeric: string): number {
  let rest = 0;
  for (const char of alphanumeric) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The two check digits of a creditor identifier of `country` with `nationalId`. */
export function creditorIdentifierCheckDigits(country: string, nationalId: string): string {
  const check = 98 - mod97(`${nationalId}${country}00`.toUpperCase());
  return String(check).padStart(2, '0');
}

/** Whether a creditor identifier (spaces and case ignored) has the shape and the right check digits. */
export function isValidCreditorIdentifier(value: string): boolean {
  const id = normalizeCreditorIdentifier(value);
  if (id.length > CREDITOR_IDENTIFIER_MAX) return false;
  const match = SHAPE.exec(id);
  if (!match) return false;
  const [, country, check, , nationalId] = match as unknown as [string, string, string, string, string];
  return creditorIdentifierCheckDigits(country, nationalId) === check;
}
