import { describe, expect, it } from 'vitest';
import {
  clientReminderDays,
  OrganizationSettingsSchema,
  parseOrganizationSettings,
  READING_RETENTION_DEFAULT_MONTHS,
  readingRetentionMonths,
  requiresAnswerCode,
} from './organization-settings.ts';

describe('parseOrganizationSettings', () => {
  it('reads no settings from anything that is not an object', () => {
    expect(parseOrganizationSettings(null)).toEqual({});
    expect(parseOrganizationSettings(undefined)).toEqual({});
    expect(parseOrganizationSettings('x')).toEqual({});
    expect(parseOrganizationSettings([1, 2])).toEqual({});
  });

  it('keeps the valid keys and unknown ones, and drops a stored value its rule refuses', () => {
    const settings = parseOrganizationSettings({
      proposalValidityDays: 30,
      readingRetentionMonths: 999,
      requireAnswerCode: 'no',
      weekStartsOn: 1,
    });
    expect(settings.proposalValidityDays).toBe(30);
    expect(settings.readingRetentionMonths).toBeUndefined();
    expect(settings.requireAnswerCode).toBeUndefined();
    expect(settings.weekStartsOn).toBe(1);
  });

  it('gives every reader the same default as an unset key', () => {
    const broken = parseOrganizationSettings({ readingRetentionMonths: 0, reminderNotOpenedDays: 99 });
    expect(readingRetentionMonths(broken)).toBe(READING_RETENTION_DEFAULT_MONTHS);
    expect(readingRetentionMonths(broken)).toBe(readingRetentionMonths({}));
    expect(clientReminderDays(broken, 'not_opened')).toBe(clientReminderDays({}, 'not_opened'));
    expect(requiresAnswerCode(broken)).toBe(true);
  });

  it('reads back what the writing schema accepted', () => {
    const written = OrganizationSettingsSchema.parse({ proposalValidityDays: 15, vatRegion: 'madeira' });
    expect(parseOrganizationSettings(written)).toEqual(written);
  });
});
