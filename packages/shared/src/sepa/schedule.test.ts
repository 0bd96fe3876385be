import { describe, expect, it } from 'vitest';
import {
  addMonths,
  earliestCollectionDate,
  sepaCalendarDay,
  sepaSchedule,
  termsOnAcceptance,
} from './schedule.ts';

describe('sepaSchedule', () => {
  it('a one-off collection is one OOFF of the whole total on the first date', () => {
    expect(
      sepaSchedule(123_45, { pattern: 'oneOff', instalments: null, firstCollectionDate: '2026-12-10' }),
    ).toEqual([{ sequence: 1, sequenceType: 'OOFF', collectionDate: '2026-12-10', amountCents: 123_45 }]);
  });

  it('monthly: FRST, RCUR…, FNAL a month apart, the cents split so the sum is the total', () => {
    const schedule = sepaSchedule(100_00, {
      pattern: 'monthly',
      instalments: 3,
      firstCollectionDate: '2026-12-05',
    });
    expect(schedule).toEqual([
      { sequence: 1, sequenceType: 'FRST', collectionDate: '2026-12-05', amountCents: 33_34 },
      { sequence: 2, sequenceType: 'RCUR', collectionDate: '2027-01-05', amountCents: 33_33 },
      { sequence: 3, sequenceType: 'FNAL', collectionDate: '2027-02-05', amountCents: 33_33 },
    ]);
    expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(100_00);
  });

  it('two instalments are a FRST and a FNAL', () => {
    const types = sepaSchedule(10_00, {
      pattern: 'monthly',
      instalments: 2,
      firstCollectionDate: '2026-01-31',
    });
    expect(types.map((i) => [i.sequenceType, i.collectionDate])).toEqual([
      ['FRST', '2026-01-31'],
      ['FNAL', '2026-02-28'],
    ]);
  });

  it('keeps the day of the month after a short month, and every sum is exact for awkward totals', () => {
    const schedule = sepaSchedule(1_000_003, {
      pattern: 'monthly',
      instalments: 12,
      firstCollectionDate: '2027-01-31',
    });
    expect(schedule.map((i) => i.collectionDate).slice(0, 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(schedule.reduce((sum, i) => sum + i.amountCents, 0)).toBe(1_000_003);
    const amounts = schedule.map((i) => i.amountCents);
    expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
  });

  it('never an instalment of 0 cents: fewer instalments, down to one OOFF', () => {
    expect(
      sepaSchedule(3, { pattern: 'monthly', instalments: 12, firstCollectionDate: '2026-12-01' }),
    ).toHaveLength(3);
    expect(
      sepaSchedule(1, { pattern: 'monthly', instalments: 12, firstCollectionDate: '2026-12-01' }),
    ).toEqual([{ sequence: 1, sequenceType: 'OOFF', collectionDate: '2026-12-01', amountCents: 1 }]);
    expect(
      sepaSchedule(0, { pattern: 'oneOff', instalments: null, firstCollectionDate: '2026-12-01' }),
    ).toEqual([]);
  });

  it('addMonths crosses years and leap days', () => {
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-29', 60)).toBe('2031-11-29');
  });
});

describe('termsOnAcceptance', () => {
  const terms = { pattern: 'monthly' as const, instalments: 3, firstCollectionDate: '2026-12-01' };
  it('keeps a first date far enough ahead', () => {
    expect(termsOnAcceptance(terms, '2026-11-20')).toBe(terms);
    expect(termsOnAcceptance(terms, '2026-11-26').firstCollectionDate).toBe('2026-12-01');
  });
  it('moves a first date too near or past to the earliest possible one', () => {
    expect(earliestCollectionDate('2026-11-29')).toBe('2026-12-04');
    expect(termsOnAcceptance(terms, '2026-11-29')).toEqual({ ...terms, firstCollectionDate: '2026-12-04' });
  });
});

describe('sepaCalendarDay', () => {
  it("is the organization's day: Lisbon and the Azores apart at 00:30 UTC, Lisbon when none is known", () => {
    const at = new Date('2026-12-10T00:30:00Z');
    expect(sepaCalendarDay(at, 'Europe/Lisbon')).toBe('2026-12-10');
    expect(sepaCalendarDay(at, 'Atlantic/Azores')).toBe('2026-12-09');
    expect(sepaCalendarDay(at, null)).toBe('2026-12-10');
    expect(sepaCalendarDay(at, '')).toBe('2026-12-10');
    // So the earliest first debit differs by a day, wherever it is computed.
    expect(earliestCollectionDate(sepaCalendarDay(at, 'Atlantic/Azores'))).toBe('2026-12-14');
    expect(earliestCollectionDate(sepaCalendarDay(at, 'Europe/Lisbon'))).toBe('2026-12-15');
  });
});
