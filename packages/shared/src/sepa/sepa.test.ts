import { validateCreditorID } from 'sepa';
import { describe, expect, it } from 'vitest';
import { ibanNeedsBic, isValidSepaBic, isValidSepaIban, maskIban, normalizeIban } from './bank-account.ts';
import {
  creditorIdentifierCheckDigits,
  isValidCreditorIdentifier,
  normalizeCreditorIdentifier,
} from './creditor-identifier.ts';
import { isSepaIdentifier, isSepaName, sepaText } from './text.ts';

/*
 * Where the values come from:
 * - IBANs: the example IBAN of each country in the SWIFT IBAN Registry (ISO 13616), the one the banks and
 *   ibantools' own tests use.
 * - Creditor identifiers: DE98ZZZ09999999999 is the Deutsche Bundesbank's published test identifier;
 *   FR72ZZZ123456, IT66ZZZA1B2C3D4E5F6G7H8, BE69ZZZ050D000000008 and AT61ZZZ01234567890 are the examples of the
 *   EPC's "Creditor Identifier Overview" (EPC262-08) per country. They confirm the MOD 97-10 rule; the PT, ES
 *   and NL rows are built by that rule on the national shapes (Banco de Portugal: 6 digits; Spain: business
 *   code '000' and the NIF; the Netherlands: the KvK number and '0000'), and changing one character breaks them.
 */

describe('isValidSepaIban', () => {
  it.each([
    ['PT50000201231234567890154', 'Portugal'],
    ['PT50 0002 0123 1234 5678 9015 4', 'Portugal, grouped'],
    ['ES9121000418450200051332', 'Spain'],
    ['DE89370400440532013000', 'Germany'],
    ['FR1420041010050500013M02606', 'France'],
    ['IT60X0542811101000000123456', 'Italy'],
    ['NL91ABNA0417164300', 'the Netherlands'],
    ['BE68539007547034', 'Belgium'],
    ['be68 5390 0754 7034', 'Belgium, lower case'],
  ])('accepts %s (%s)', (iban) => {
    expect(isValidSepaIban(iban)).toBe(true);
  });

  it.each([
    ['PT50000201231234567890155', 'Portugal, last digit changed'],
    ['PT51000201231234567890154', 'Portugal, check digits changed'],
    ['PT5000020123123456789015', 'Portugal, one character short'],
    ['ES9121000418450200051331', 'Spain, last digit changed'],
    ['DE89370400440532013001', 'Germany, last digit changed'],
    ['FR1420041010050500013M02607', 'France, last digit changed'],
    ['IT60Y0542811101000000123456', 'Italy, national check letter changed'],
    ['NL91ABNA0417164301', 'the Netherlands, last digit changed'],
    ['BE68539007547035', 'Belgium, last digit changed'],
    ['BR1800360305000010009795493C1', 'Brazil: a valid IBAN outside SEPA'],
    ['', 'empty'],
  ])('refuses %s (%s)', (iban) => {
    expect(isValidSepaIban(iban)).toBe(false);
  });
});

describe('the BIC', () => {
  it.each(['CGDIPTPL', 'BCOMPTPLXXX', 'DEUTDEFF', 'deut deff 500'])('accepts %s', (bic) => {
    expect(isValidSepaBic(bic)).toBe(true);
  });
  it.each(['CGDIPTP', 'CGDI1TPL', 'CGDIPTPLXX', ''])('refuses %s', (bic) => {
    expect(isValidSepaBic(bic)).toBe(false);
  });
  it('is needed only outside the European Economic Area', () => {
    expect(ibanNeedsBic('PT50000201231234567890154')).toBe(false);
    expect(ibanNeedsBic('DE89370400440532013000')).toBe(false);
    expect(ibanNeedsBic('CH9300762011623852957')).toBe(true);
    expect(ibanNeedsBic('GB29NWBK60161331926819')).toBe(true);
  });
});

const VALID_CREDITOR_IDS = [
  ['PT19ZZZ101148', 'Portugal (Banco de Portugal, 6 digits)'],
  ['PT19ABC101148', 'Portugal with a business code: not part of the check'],
  ['ES97000B12345678', 'Spain (NIF)'],
  ['DE98ZZZ09999999999', 'Germany (Bundesbank test identifier)'],
  ['FR72ZZZ123456', 'France (EPC example)'],
  ['IT66ZZZA1B2C3D4E5F6G7H8', 'Italy (EPC example)'],
  ['NL69ZZZ123456780000', 'the Netherlands (KvK number)'],
  ['BE69ZZZ050D000000008', 'Belgium (EPC example)'],
  ['AT61ZZZ01234567890', 'Austria (EPC example)'],
  ['pt19 zzz 101148', 'spaces and lower case'],
];

const INVALID_CREDITOR_IDS = [
  ['PT18ZZZ101148', 'Portugal, check digits changed'],
  ['PT19ZZZ101149', 'Portugal, national id changed'],
  ['ES97000B12345679', 'Spain, NIF changed'],
  ['DE99ZZZ09999999999', 'Germany, check digits changed'],
  ['FR72ZZZ123457', 'France, national id changed'],
  ['IT66ZZZA1B2C3D4E5F6G7H9', 'Italy, national id changed'],
  ['NL69ZZZ123456780001', 'the Netherlands, national id changed'],
  ['BE69ZZZ050D000000009', 'Belgium, national id changed'],
  ['PT1ZZZ101148', 'one check digit'],
  ['PT19ZZ101148', 'a two-character business code'],
  ['PT19ZZZ', 'no national id'],
  ['1T19ZZZ101148', 'a digit for a country'],
  [`PT19ZZZ${'1'.repeat(29)}`, 'longer than 35 characters'],
  ['', 'empty'],
];

describe('isValidCreditorIdentifier', () => {
  it.each(VALID_CREDITOR_IDS)('accepts %s (%s)', (id) => {
    expect(isValidCreditorIdentifier(id)).toBe(true);
  });

  it.each(INVALID_CREDITOR_IDS)('refuses %s (%s)', (id) => {
    expect(isValidCreditorIdentifier(id)).toBe(false);
  });

  it('agrees with sepa.js (a maintained SEPA library) on the check digits of every well-shaped value', () => {
    for (const [id] of [...VALID_CREDITOR_IDS, ...INVALID_CREDITOR_IDS]) {
      const normalized = normalizeCreditorIdentifier(id as string);
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{4,32}$/.test(normalized)) continue;
      expect(validateCreditorID(normalized), normalized).toBe(isValidCreditorIdentifier(normalized));
    }
  });

  it('computes the check digits without the business code', () => {
    expect(creditorIdentifierCheckDigits('DE', '09999999999')).toBe('98');
    expect(normalizeCreditorIdentifier(' pt19 zzz 101148 ')).toBe('PT19ZZZ101148');
  });
});

describe('maskIban', () => {
  it('shows the country, the check digits and the last four characters only', () => {
    expect(maskIban('PT50 0002 0123 1234 5678 9015 4')).toBe('PT50 •••• •••• •••• •••• 0154');
    expect(maskIban('BE68539007547034')).toBe('BE68 •••• •••• 7034');
    expect(maskIban('NL91ABNA0417164300')).toBe('NL91 •••• •••• •••• 4300');
    expect(maskIban('PT50000201231234567890154')).not.toContain('1234567890');
  });
  it('hides a value too short to be an IBAN entirely', () => {
    expect(maskIban('PT50')).toBe('••••');
  });
  it('normalizes what it masks', () => {
    expect(normalizeIban('pt50 0002 0123 1234 5678 9015 4')).toBe('PT50000201231234567890154');
  });
});

describe('the SEPA texts', () => {
  it('allows the basic Latin set and accented letters in a name the organization types', () => {
    expect(isSepaName('Conceição & Filhos, Lda.')).toBe(false);
    expect(isSepaName("Conceição e Filhos, Lda. (Porto) - O'Neill + 1/2?")).toBe(true);
    expect(isSepaName('Loja <b>')).toBe(false);
  });
  it('writes texts without accents, collapsed, cut to their maximum', () => {
    expect(sepaText('  Conceição   São João ', 70)).toBe('Conceicao Sao Joao');
    expect(sepaText('a'.repeat(200), 140)).toHaveLength(140);
  });
  it('accepts identifiers of the basic set without spaces at either end', () => {
    expect(isSepaIdentifier('ACEITE-2026-0001/1')).toBe(true);
    expect(isSepaIdentifier(' A')).toBe(false);
    expect(isSepaIdentifier('A'.repeat(36))).toBe(false);
    expect(isSepaIdentifier('A&B')).toBe(false);
    expect(isSepaIdentifier('/AB')).toBe(false);
  });
});
