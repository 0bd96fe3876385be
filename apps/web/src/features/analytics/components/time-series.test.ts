import { describe, expect, it } from 'vitest';
import { fillMonths, monthLong, monthShort, niceTicks } from './time-series';

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
});

describe('niceTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(niceTicks(7, { integer: true })).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(1800)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('keeps whole steps for counts', () => {
    expect(niceTicks(3, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(10, { integer: true }).every(Number.isInteger)).toBe(true);
  });
});
