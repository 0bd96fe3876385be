import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

/*
 * The IBAN and the BIC of a SEPA Direct Debit (docs/product.md#sepa-direct-debit): checked with ibantools (the
 * registry's lengths and formats per country, the MOD 97-10 check digits), one home for the server and the
 * screens (docs/decisions.md, "SEPA").
 */

/** The IBAN as stored and written to the file: without spaces, upper case. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

/** Whether an IBAN (spaces and case ignored) has its country's length and format and the right check digits. */
export function isValidSepaIban(value: string): boolean {
  const iban = normalizeIban(value);
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2));
}

export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isValidSepaBic(value: string): boolean {
  return isValidBIC(normalizeBic(value));
}

/**
 * SEPA countries outside the European Economic Area: there the payer's or payee's bank must still be named by
 * its BIC (EPC SEPA Core rulebook); inside the EEA the IBAN alone is enough (Regulation (EU) 260/2012, art. 5(7)).
 */
const BIC_REQUIRED_COUNTRIES = new Set([
  'AD',
  'CH',
  'GB',
  'GG',
  'GI',
  'IM',
  'JE',
  'MC',
  'SM',
  'VA',
  'AL',
  'MD',
  'ME',
  'MK',
  'RS',
]);

/** Whether an account in this IBAN's country needs its BIC alongside. */
export function ibanNeedsBic(iban: string): boolean {
  return BIC_REQUIRED_COUNTRIES.has(normalizeIban(iban).slice(0, 2));
}

/**
 * The IBAN as the screens, the emails and the PDFs show it: the country and check digits, a group of dots for
 * each hidden group of four, and the last four characters (`PT50 •••• •••• •••• •••• 0154`). Only the export file
 * carries it whole (docs/decisions.md, "SEPA").
 */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  if (iban.length <= 8) return '••••';
  const groups = Math.max(1, Math.round((iban.length - 8) / 4));
  return [iban.slice(0, 4), ...Array<string>(groups).fill('••••'), iban.slice(-4)].join(' ');
}
