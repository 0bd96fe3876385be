import { describe, expect, it } from 'vitest';
import { isReminderDue } from './reminders.service.ts';

/*
 * The reminders read the validity in the organization's calendar (docs/product.md#validity-and-expiry): at 00:30
 * UTC on 1 January a proposal valid until 31 December is past its date in Lisbon and Madeira, not in the Azores.
 */
describe('isReminderDue across the day boundary', () => {
  const now = new Date('2027-01-01T00:30:00Z');
  const p = (timeZone?: string) => ({
    status: 'sent',
    sentAt: new Date('2026-12-20T10:00:00Z'),
    lastViewedAt: null,
    validUntil: '2026-12-31',
    settings: {},
    timeZone,
  });

  it('the Azores: still within the validity, so the reminders still run', () => {
    expect(isReminderDue('not_opened', p('Atlantic/Azores'), now)).toBe(true);
    expect(isReminderDue('before_expiry', p('Atlantic/Azores'), now)).toBe(true);
  });

  it('Lisbon and Madeira: past the validity, no reminder', () => {
    for (const zone of ['Europe/Lisbon', 'Atlantic/Madeira']) {
      expect(isReminderDue('not_opened', p(zone), now)).toBe(false);
      expect(isReminderDue('before_expiry', p(zone), now)).toBe(false);
    }
  });

  it('Lisbon when the row carries no zone (before the queries select it)', () => {
    expect(isReminderDue('not_opened', p(), now)).toBe(false);
    expect(isReminderDue('not_opened', p(), new Date('2026-12-31T23:59:00Z'))).toBe(true);
  });
});
