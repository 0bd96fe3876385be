import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatInstantDate,
  formatInstantDateTime,
  parseCalendarDatePt,
} from './dates.ts';

describe('dates', () => {
  it('writes calendar dates day first, without a time zone shift', () => {
    expect(formatCalendarDate('2026-06-01')).toBe('01/06/2026');
    expect(formatCalendarDate('2099-12-31')).toBe('31/12/2099');
  });

  it('reads dates typed day first, and refuses days that do not exist', () => {
    expect(parseCalendarDatePt('01/06/2026')).toBe('2026-06-01');
    expect(parseCalendarDatePt('1/6/2026')).toBe('2026-06-01');
    expect(parseCalendarDatePt('01-06-2026')).toBe('2026-06-01');
    expect(parseCalendarDatePt('01.06.2026')).toBe('2026-06-01');
    expect(parseCalendarDatePt('31/02/2026')).toBeNull();
    expect(parseCalendarDatePt('2026-06-01')).toBeNull();
    expect(parseCalendarDatePt('06/2026')).toBeNull();
  });

  it('writes instants the same way, with the time when asked', () => {
    expect(formatInstantDate('2026-06-01T23:30:00.000Z', 'Europe/Lisbon')).toBe('02/06/2026');
    expect(formatInstantDateTime('2026-06-01T13:05:00.000Z', 'Europe/Lisbon')).toBe('01/06/2026, 14:05');
  });
});
