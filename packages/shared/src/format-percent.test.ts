import { describe, expect, it } from 'vitest';
import { formatPercent } from './format-percent.ts';

/** Intl puts a no-break space before the sign in pt-PT; a person reads it as a space. */
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatPercent', () => {
  it('writes every percentage the same pt-PT way: comma decimals and a space before %', () => {
    expect(plain(formatPercent(23))).toBe('23 %');
    expect(plain(formatPercent(12.5))).toBe('12,5 %');
    expect(plain(formatPercent(33.333))).toBe('33,33 %');
    expect(plain(formatPercent(33.333, 1))).toBe('33,3 %');
    // The space never breaks a line between the number and the sign.
    expect(formatPercent(23)).not.toContain(' ');
  });
});
