import { describe, expect, it } from 'vitest';
import { isPortugal, isValidPortugueseNif, isValidTaxId, normalizeTaxId } from './tax-id.ts';

describe('isValidPortugueseNif', () => {
  it.each([
    ['123456789', 'a person (1)'],
    ['501964843', 'a company (5)'],
    ['500000000', 'check digit 0 from a remainder of 1'],
    ['450000001', 'a non-resident person (45)'],
    ['700000003', 'an undivided estate (70)'],
    ['980000009', 'a non-resident without establishment (98)'],
    ['990000001', 'a civil partnership (99)'],
    ['260000000', 'a person (2)'],
  ])('accepts %s (%s)', (nif) => {
    expect(isValidPortugueseNif(nif)).toBe(true);
  });

  it.each([
    ['123456780', 'wrong check digit'],
    ['501964842', 'wrong check digit'],
    ['401234568', 'first digit 4 without 45, even with a right check digit'],
    ['920000002', 'first pair 92 is not assigned, even with a right check digit'],
    ['12345678', 'eight digits'],
    ['1234567890', 'ten digits'],
    ['12345678a', 'a letter'],
    ['', 'empty'],
  ])('refuses %s (%s)', (nif) => {
    expect(isValidPortugueseNif(nif)).toBe(false);
  });
});

describe('isValidTaxId', () => {
  it('allows empty (the field is optional)', () => {
    expect(isValidTaxId('', 'Portugal')).toBe(true);
    expect(isValidTaxId(null, 'PT')).toBe(true);
  });

  it('checks the NIF in Portugal, spaces typed between the digits allowed', () => {
    expect(isValidTaxId('123 456 789', 'Portugal')).toBe(true);
    expect(isValidTaxId('123456780', 'PT')).toBe(false);
  });

  it('takes a free tax id elsewhere, within 30 letters, digits, - . and spaces', () => {
    expect(isValidTaxId('ESB12345678', 'Espanha')).toBe(true);
    expect(isValidTaxId('DE 123.456-789', 'Alemanha')).toBe(true);
    expect(isValidTaxId('x'.repeat(31), 'Outro')).toBe(false);
    expect(isValidTaxId('12/34', 'França')).toBe(false);
  });

  it('normalises what is stored', () => {
    expect(normalizeTaxId(' 123 456 789 ', 'Portugal')).toBe('123456789');
    expect(normalizeTaxId('  GB  123 ', 'Reino Unido')).toBe('GB 123');
    expect(isPortugal('Espanha')).toBe(false);
  });
});
