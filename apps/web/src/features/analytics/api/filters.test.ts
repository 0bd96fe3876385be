import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from './filters';
import { toQueryParams } from './get-analytics';

const USER = '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b11';
const TEAM = '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00';

describe('analytics filters in the URL', () => {
  it('reads every filter from the search params', () => {
    const params = new URLSearchParams(
      `startDate=2026-01-01&endDate=2026-03-31&userId=${USER}&teamId=${TEAM}`,
    );
    expect(readFilters(params)).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      userId: USER,
      teamId: TEAM,
    });
  });

  it('drops values the API would refuse instead of making a failing call', () => {
    const params = new URLSearchParams('startDate=2026-13-45&endDate=ontem&userId=ana&teamId=');
    expect(readFilters(params)).toEqual({});
  });

  it('writes set filters, removes cleared ones and keeps unrelated parameters', () => {
    const current = new URLSearchParams(`tab=x&userId=${USER}&startDate=2026-01-01`);
    const next = writeFilters(current, { startDate: '2026-02-01', teamId: TEAM });
    expect(next.get('tab')).toBe('x');
    expect(next.get('startDate')).toBe('2026-02-01');
    expect(next.get('teamId')).toBe(TEAM);
    expect(next.has('userId')).toBe(false);
    expect(writeFilters(next, {}).toString()).toBe('tab=x');
  });

  it('turns filters into API query params, only those that are set', () => {
    expect(toQueryParams({})).toEqual({});
    expect(toQueryParams({ startDate: '2026-01-01', userId: USER, limit: 10 })).toEqual({
      startDate: '2026-01-01',
      userId: USER,
      limit: 10,
    });
  });
});
