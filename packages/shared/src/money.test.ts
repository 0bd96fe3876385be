import { describe, expect, it } from 'vitest';
import {
  formatDecimalPt,
  formatEuros,
  formatEurosCompact,
  formatMoney,
  fromCents,
  parseDecimalPt,
  toCents,
} from './money.ts';

// pt-PT uses a non-breaking space before the euro sign and a space as thousands separator.
const norm = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('formats cents as pt-PT euros with two decimals', () => {
    expect(norm(formatMoney(12345678))).toBe('123 456,78 €');
    expect(norm(formatMoney(0))).toBe('0,00 €');
    expect(norm(formatMoney(5))).toBe('0,05 €');
    expect(norm(formatMoney(99999))).toBe('999,99 €');
  });

  // pt-PT's default grouping leaves 4-digit amounts ungrouped; the product groups every one (issue 37).
  it('groups the thousands of every amount, 4-digit ones included', () => {
    expect(norm(formatMoney(123450))).toBe('1 234,50 €');
    expect(norm(formatMoney(832950))).toBe('8 329,50 €');
    expect(norm(formatMoney(2651389))).toBe('26 513,89 €');
    expect(norm(formatMoney(-123450))).toBe('-1 234,50 €');
    expect(norm(formatMoney(-5))).toBe('-0,05 €');
    // The spaces never break a line inside an amount.
    expect(formatMoney(832950)).not.toContain(' ');
  });

  it('formats whole euros without decimals, grouped the same way', () => {
    expect(norm(formatEuros(290))).toBe('290 €');
    expect(norm(formatEuros(1200))).toBe('1 200 €');
    expect(norm(formatEurosCompact(1500))).toBe('1,5 mil €');
  });

  it('converts typed euros to cents by rounding', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(100);
    expect(fromCents(1999)).toBe(19.99);
  });
});

describe('parseDecimalPt', () => {
  it.each([
    ['1.250,50', 1250.5],
    ['1250,50', 1250.5],
    ['1 250,50', 1250.5],
    ['1\u00a0250,50', 1250.5],
    ['12\u00a0345,5', 12345.5],
    ['1.250', 1250],
    ['1.234.567,89', 1234567.89],
    ['19,99', 19.99],
    ['0,5', 0.5],
    ['7', 7],
    [' 15,00 € ', 15],
  ])('reads %j as %d', (text, value) => {
    expect(parseDecimalPt(text)).toEqual({ ok: true, value });
  });

  it('reads empty text as no value', () => {
    expect(parseDecimalPt('  ')).toEqual({ ok: true, value: null });
  });

  it.each(['12.5', '1.25', '1,250.50', '1.2.3', '12,5,0', '1 25', '-3', 'abc', '1.2500', '1e3'])(
    'refuses %j rather than guess',
    (text) => {
      expect(parseDecimalPt(text)).toEqual({ ok: false, error: 'invalid' });
    },
  );

  it('refuses more decimals than the field holds', () => {
    expect(parseDecimalPt('1,255')).toEqual({ ok: false, error: 'decimals' });
    expect(parseDecimalPt('1,255', { maxDecimals: 3 })).toEqual({ ok: true, value: 1.255 });
  });

  it('formats back what it reads', () => {
    expect(norm(formatDecimalPt(1250.5, { minDecimals: 2 }))).toBe('1 250,50');
    expect(norm(formatDecimalPt(12345.5, { minDecimals: 2 }))).toBe('12 345,50');
    expect(norm(formatDecimalPt(1000))).toBe('1 000');
    expect(formatDecimalPt(2.5)).toBe('2,5');
    for (const n of [0, 0.05, 19.99, 1250.5, 12345.67, 1234567.89]) {
      expect(parseDecimalPt(formatDecimalPt(n, { minDecimals: 2 }))).toEqual({ ok: true, value: n });
    }
  });
});
