import { describe, expect, it } from 'vitest';
import { fillMonths, isJanuary, monthLong, monthShort } from './time-series';

const point = (period: string, count: number) => ({
  period,
  count,
  value: count * 1000,
  acceptedCount: 0,
  acceptedValue: 0,
});

describe('fillMonths', () => {
  it('fills the months without proposals with zeros, across a year end', () => {
    const filled = fillMonths([point('2026-02', 3), point('2025-11', 1)]);
    expect(filled.map((p) => [p.period, p.count])).toEqual([
      ['2025-11', 1],
      ['2025-12', 0],
      ['2026-01', 0],
      ['2026-02', 3],
    ]);
  });

  it('is empty without points', () => {
    expect(fillMonths([])).toEqual([]);
  });
});

describe('month labels', () => {
  it('names months in pt-PT', () => {
    expect(monthShort('2026-05')).toBe('mai');
    expect(monthLong('2026-01')).toBe('janeiro de 2026');
  });

  it('knows January, where the axis names the year', () => {
    expect(isJanuary('2026-01')).toBe(true);
    expect(isJanuary('2026-11')).toBe(false);
  });
});
