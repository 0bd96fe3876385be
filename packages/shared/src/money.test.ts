import { describe, expect, it } from 'vitest';
import { formatEuros, formatMoney, fromCents, toCents } from './money.ts';

// pt-PT uses a non-breaking space before the euro sign and a space as thousands separator.
const norm = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('formats cents as pt-PT euros with two decimals', () => {
    expect(norm(formatMoney(123456))).toBe('1234,56 €');
    expect(norm(formatMoney(12345678))).toBe('123 456,78 €');
    expect(norm(formatMoney(0))).toBe('0,00 €');
    expect(norm(formatMoney(5))).toBe('0,05 €');
  });

  it('formats whole euros without decimals', () => {
    expect(norm(formatEuros(290))).toBe('290 €');
  });

  it('converts typed euros to cents by rounding', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(100);
    expect(fromCents(1999)).toBe(19.99);
  });
});
