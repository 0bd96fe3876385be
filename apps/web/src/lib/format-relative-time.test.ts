import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatPercent, formatRelativeTime } from './format';

const NOW = new Date('2026-03-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'Agora'],
    [59 * SECOND, 'Agora'],
    [MINUTE, 'Há 1 min'],
    [59 * MINUTE + 59 * SECOND, 'Há 59 min'],
    [HOUR, 'Há 1h'],
    [23 * HOUR + 59 * MINUTE, 'Há 23h'],
    [DAY, 'Há 1d'],
    [7 * DAY - SECOND, 'Há 6d'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), NOW)).toBe(expected);
  });

  it('shows the pt-PT date from 7 days on', () => {
    const iso = ago(7 * DAY);
    expect(formatRelativeTime(iso, NOW)).toBe(formatDate(iso));
    expect(formatRelativeTime('2025-12-24T10:00:00Z', NOW)).toMatch(/^24\/12\/(20)?25$/);
  });

  it("says 'Agora' for a time slightly in the future (a clock ahead of the server's)", () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + 5 * SECOND).toISOString(), NOW)).toBe('Agora');
  });
});

describe('formatPercent and formatCount', () => {
  it('formats the API percentages with at most one decimal, in pt-PT', () => {
    expect(formatPercent(33.3)).toMatch(/^33,3\s?%$/);
    expect(formatPercent(50)).toMatch(/^50\s?%$/);
    expect(formatPercent(0)).toMatch(/^0\s?%$/);
  });

  it('groups thousands the pt-PT way', () => {
    expect(formatCount(12345).replace(/\s/g, ' ')).toBe('12 345');
  });
});
