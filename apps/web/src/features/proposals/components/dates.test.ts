import { describe, expect, it } from 'vitest';
import { addDaysIso, todayIso } from './dates';

describe('todayIso', () => {
  it('is the organization’s day, not the browser’s (Lisbon when the zone is not known)', () => {
    const at = new Date('2027-01-01T00:30:00Z');
    expect(todayIso('Atlantic/Azores', at)).toBe('2026-12-31');
    expect(todayIso('Atlantic/Madeira', at)).toBe('2027-01-01');
    expect(todayIso('Europe/Lisbon', at)).toBe('2027-01-01');
    expect(todayIso(null, at)).toBe('2027-01-01');
  });

  it('counts the default validity from that day', () => {
    expect(addDaysIso(todayIso('Atlantic/Azores', new Date('2027-01-01T00:30:00Z')), 30)).toBe('2027-01-30');
  });
});
