import { describe, expect, it } from 'vitest';
import { calendarDay, DEFAULT_TIME_ZONE } from './dates.ts';
import {
  clientOutcome,
  hasClientAnswered,
  isClosedToClient,
  isOpenToAnswer,
  isPastValidity,
  type ProposalStatus,
} from './proposal-status.ts';

/*
 * The product rule (docs/product.md#validity-and-expiry): a proposal valid until D can be answered until
 * 23:59:59 of D in the organization's time zone. Lisbon and Madeira are UTC+0 in winter (UTC+1 in summer);
 * the Azores are UTC−1 (UTC+0 in summer), so their D ends an hour after Lisbon's, on the next UTC day.
 */
const LISBON = 'Europe/Lisbon';
const MADEIRA = 'Atlantic/Madeira';
const AZORES = 'Atlantic/Azores';
const D = '2026-12-31';
const sent = (validUntil: string | null, status: ProposalStatus = 'sent') => ({ status, validUntil });
const openAt = (instant: string, timeZone: string) => isOpenToAnswer(sent(D), calendarDay(instant, timeZone));

describe('calendarDay', () => {
  it('is the day of the instant in the zone, not in UTC nor in the machine’s zone', () => {
    expect(calendarDay('2026-12-31T23:59:59Z', LISBON)).toBe('2026-12-31');
    expect(calendarDay('2027-01-01T00:00:00Z', LISBON)).toBe('2027-01-01');
    expect(calendarDay('2027-01-01T00:00:00Z', MADEIRA)).toBe('2027-01-01');
    expect(calendarDay('2027-01-01T00:59:59Z', AZORES)).toBe('2026-12-31');
    expect(calendarDay('2027-01-01T01:00:00Z', AZORES)).toBe('2027-01-01');
    // Summer time: Lisbon and Madeira UTC+1, the Azores UTC+0.
    expect(calendarDay('2026-07-31T22:59:59Z', LISBON)).toBe('2026-07-31');
    expect(calendarDay('2026-07-31T23:00:00Z', LISBON)).toBe('2026-08-01');
    expect(calendarDay('2026-07-31T23:00:00Z', MADEIRA)).toBe('2026-08-01');
    expect(calendarDay('2026-07-31T23:59:59Z', AZORES)).toBe('2026-07-31');
    expect(calendarDay(new Date('2026-08-01T00:00:00Z'), AZORES)).toBe('2026-08-01');
    expect(calendarDay(Date.parse('2026-06-01T12:00:00Z'), 'Asia/Tokyo')).toBe('2026-06-01');
  });

  it('defaults to Lisbon, the organizations’ default zone', () => {
    expect(DEFAULT_TIME_ZONE).toBe(LISBON);
  });
});

describe('the validity rule across the day boundary', () => {
  it('Lisbon: open until 23:59:59 of D, closed at midnight', () => {
    expect(openAt('2026-12-31T23:59:59Z', LISBON)).toBe(true);
    expect(openAt('2027-01-01T00:00:00Z', LISBON)).toBe(false);
  });

  it('Madeira: the same hours as Lisbon', () => {
    expect(openAt('2026-12-31T23:59:59Z', MADEIRA)).toBe(true);
    expect(openAt('2027-01-01T00:00:00Z', MADEIRA)).toBe(false);
  });

  it('the Azores (UTC−1): still open at 23:59 of D there, which is the next day in UTC; closed after midnight', () => {
    expect(openAt('2027-01-01T00:59:00Z', AZORES)).toBe(true);
    expect(openAt('2027-01-01T00:59:59Z', AZORES)).toBe(true);
    expect(openAt('2027-01-01T01:00:00Z', AZORES)).toBe(false);
  });

  it('the Azores in summer (UTC+0)', () => {
    const summer = sent('2026-07-31');
    expect(isOpenToAnswer(summer, calendarDay('2026-07-31T23:59:59Z', AZORES))).toBe(true);
    expect(isOpenToAnswer(summer, calendarDay('2026-08-01T00:00:00Z', AZORES))).toBe(false);
  });
});

describe('row-level predicates', () => {
  it('isPastValidity: inclusive, and no date never passes', () => {
    expect(isPastValidity(D, D)).toBe(false);
    expect(isPastValidity(D, '2027-01-01')).toBe(true);
    expect(isPastValidity(null, '2099-01-01')).toBe(false);
    expect(isPastValidity(undefined, '2099-01-01')).toBe(false);
  });

  it('isOpenToAnswer: only what the client has (sent, viewed, negotiating), within its validity', () => {
    for (const status of ['sent', 'viewed', 'under_negotiation'] as const) {
      expect(isOpenToAnswer(sent(D, status), D)).toBe(true);
      expect(isOpenToAnswer(sent(null, status), '2099-01-01')).toBe(true);
    }
    for (const status of [
      'draft',
      'in_review',
      'approved',
      'accepted',
      'rejected',
      'expired',
      'cancelled',
    ] as const) {
      expect(isOpenToAnswer(sent(D, status), D)).toBe(false);
    }
  });

  it('isClosedToClient: cancelled only', () => {
    expect(isClosedToClient({ status: 'cancelled' })).toBe(true);
    expect(isClosedToClient({ status: 'expired' })).toBe(false);
    expect(isClosedToClient({ status: 'sent' })).toBe(false);
  });

  it('clientOutcome', () => {
    const today = '2027-01-01';
    expect(clientOutcome({ status: 'accepted', signedAt: '2026-12-30T10:00:00Z' }, today)).toBe('signed');
    expect(clientOutcome({ status: 'accepted' }, today)).toBe('accepted');
    expect(clientOutcome({ status: 'signed' }, today)).toBe('accepted');
    expect(clientOutcome({ status: 'sent', acceptedAt: new Date() }, today)).toBe('accepted');
    expect(clientOutcome({ status: 'rejected' }, today)).toBe('rejected');
    expect(clientOutcome({ status: 'viewed', validUntil: today }, today)).toBe('open');
    expect(clientOutcome({ status: 'viewed', validUntil: D }, today)).toBe('expired');
    expect(clientOutcome({ status: 'expired', validUntil: null }, today)).toBe('expired');
    expect(clientOutcome({ status: 'draft', validUntil: null }, today)).toBe('closed');
    expect(clientOutcome({ status: 'cancelled', validUntil: '2099-01-01' }, today)).toBe('closed');
  });

  it('hasClientAnswered: an answered status or a recorded answer', () => {
    expect(hasClientAnswered({ status: 'rejected' })).toBe(true);
    expect(hasClientAnswered({ status: 'viewed', acceptedAt: '2026-12-30T10:00:00Z' })).toBe(true);
    expect(hasClientAnswered({ status: 'expired', rejectedAt: new Date() })).toBe(true);
    expect(hasClientAnswered({ status: 'viewed', acceptedAt: null, rejectedAt: null, signedAt: null })).toBe(
      false,
    );
  });
});
