import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { NUMBER_PREFIX_PATTERN } from '../proposal-number.ts';
import { isValidTaxId, normalizeTaxId } from '../tax-id.ts';
import { VAT_REGIONS } from '../vat.ts';

/**
 * An organization's settings (Settings → Organização and its tabs): one schema for what an admin writes
 * (`OrganizationSettingsSchema`, with its messages) and for what the product reads back
 * (`parseOrganizationSettings`), with the readers of each rule's default. docs/decisions.md, issue 36.
 */

/**
 * The organization's own preferences (e.g. `weekStartsOn`): a flat map of at most 50 short scalar values. Free
 * JSON let a 3,000-deep document reach PostgreSQL, which refused it with a 500 (issue 20).
 */
/**
 * What the organization's free-form settings may hold at all (issue 20): a flat record of at most 50 scalar
 * values, so no deeply nested JSON reaches the database.
 */
const SettingsBoundsSchema = z
  .record(
    z.string().max(100),
    z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()], {
      error: 'As definições só aceitam texto, números ou verdadeiro/falso',
    }),
  )
  .refine((v) => Object.keys(v).length <= 50, 'No máximo 50 definições');

/**
 * The organization's settings the product reads (Settings → Organização); other keys are kept as they are.
 * Empty texts mean "use Aceite's default".
 */
/** An http(s) address with a dotted host (letters, digits, hyphens), an optional port and path, no spaces. */
const WEB_ADDRESS = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i;

/** An email address or an http(s) URL; '' (no contact: the owner answers) is allowed. */
function isPrivacyContact(value: string): boolean {
  if (value === '') return true;
  if (/^https?:/i.test(value)) return WEB_ADDRESS.test(value);
  return z.email().safeParse(value).success;
}

export const READING_RETENTION_MIN_MONTHS = 1;
export const READING_RETENTION_MAX_MONTHS = 60;
export const READING_RETENTION_DEFAULT_MONTHS = 12;

/** The client reminders (docs/product.md#reminders): not opened, opened but not answered, before expiry. */
export const CLIENT_REMINDER_KINDS = ['not_opened', 'not_answered', 'before_expiry'] as const;
export type ClientReminderKind = (typeof CLIENT_REMINDER_KINDS)[number];
export const REMINDER_MIN_DAYS = 1;
export const REMINDER_MAX_DAYS = 60;
export const REMINDER_DEFAULT_DAYS: Record<ClientReminderKind, number> = {
  not_opened: 3,
  not_answered: 5,
  before_expiry: 2,
};
const REMINDER_KEYS: Record<ClientReminderKind, { enabled: string; days: string }> = {
  not_opened: { enabled: 'reminderNotOpenedEnabled', days: 'reminderNotOpenedDays' },
  not_answered: { enabled: 'reminderNotAnsweredEnabled', days: 'reminderNotAnsweredDays' },
  before_expiry: { enabled: 'reminderBeforeExpiryEnabled', days: 'reminderBeforeExpiryDays' },
};

function reminderDays() {
  return z
    .number({ error: MESSAGES.reminderDaysInvalid })
    .int(MESSAGES.reminderDaysInvalid)
    .min(REMINDER_MIN_DAYS, MESSAGES.reminderDaysInvalid)
    .max(REMINDER_MAX_DAYS, MESSAGES.reminderDaysInvalid)
    .optional();
}

/** The keys the product reads, each with the rule it is written under. */
const SETTINGS_FIELDS = {
  proposalEmailSubject: z.string().trim().max(200, MESSAGES.emailSubjectTooLong).optional(),
  proposalEmailMessage: z.string().trim().max(5000, MESSAGES.emailMessageTooLong).optional(),
  proposalValidityDays: z
    .number({ error: MESSAGES.validityDaysInvalid })
    .int(MESSAGES.validityDaysInvalid)
    .min(1, MESSAGES.validityDaysInvalid)
    .max(365, MESSAGES.validityDaysInvalid)
    .optional(),
  /**
   * Ask the client for a one-time code sent to their email before they accept, sign or reject (issue 20).
   * Absent means on: see `requiresAnswerCode`.
   */
  requireAnswerCode: z.boolean().optional(),
  /**
   * Where clients ask about their personal data (docs/product.md#personal-data): an email or an http(s)
   * address, linked from the public page's statement. Empty means the proposal's owner.
   */
  /** The IVA region (docs/product.md#iva-per-line); absent is continente: see `vatRegionOf` in `vat.ts`. */
  vatRegion: z.enum(VAT_REGIONS, { error: MESSAGES.vatRegionInvalid }).optional(),
  privacyContact: z
    .string({ error: MESSAGES.privacyContactInvalid })
    .trim()
    .max(254, MESSAGES.privacyContactInvalid)
    .refine(isPrivacyContact, MESSAGES.privacyContactInvalid)
    .optional(),
  /**
   * Months the public page's per-visit reading records are kept before being aggregated per proposal
   * (docs/product.md#reading). Absent means 12: see `readingRetentionMonths`.
   */
  readingRetentionMonths: z
    .number({ error: MESSAGES.readingRetentionInvalid })
    .int(MESSAGES.readingRetentionInvalid)
    .min(READING_RETENTION_MIN_MONTHS, MESSAGES.readingRetentionInvalid)
    .max(READING_RETENTION_MAX_MONTHS, MESSAGES.readingRetentionInvalid)
    .optional(),
  /**
   * 'Aprovação obrigatória' (docs/product.md#approvals): a proposal whose total (cents, IVA included) is at or
   * above this needs approval before it is sent; absent or null means the rule is off.
   */
  approvalMinTotal: z
    .number({ error: MESSAGES.approvalMinTotalInvalid })
    .int(MESSAGES.approvalMinTotalInvalid)
    .min(1, MESSAGES.approvalMinTotalInvalid)
    .max(MAX_AMOUNT_CENTS, MESSAGES.approvalMinTotalInvalid)
    .nullable()
    .optional(),
  /** Same for a discount at or above this percentage (docs/product.md#approvals); null means off. */
  approvalMinDiscountPercent: z
    .number({ error: MESSAGES.approvalMinDiscountInvalid })
    .gt(0, MESSAGES.approvalMinDiscountInvalid)
    .max(100, MESSAGES.approvalMinDiscountInvalid)
    .nullable()
    .optional(),
  /** Admins and managers skip the approval of their own proposals; absent means on (`approvalSelfApproves`). */
  approvalSelfApproves: z.boolean().optional(),
  /** The proposal numbers' prefix, 'ORC' when absent (docs/product.md#proposal-numbers, `numberPrefixOf`). */
  numberPrefix: z
    .string({ error: MESSAGES.numberPrefixInvalid })
    .trim()
    .regex(NUMBER_PREFIX_PATTERN, MESSAGES.numberPrefixInvalid)
    .optional(),
  /** The organization's own tax id and country (docs/product.md#tax-ids), shown to its clients. */
  taxId: z.string().trim().max(60).optional(),
  taxCountry: z.string().trim().max(60).optional(),
  /**
   * Automatic reminders (docs/product.md#reminders): each on or off (absent means on) with its days (1–60;
   * absent means the default). Read them through `clientReminderDays` and `ownerSummaryEnabled`.
   */
  reminderNotOpenedEnabled: z.boolean().optional(),
  reminderNotOpenedDays: reminderDays(),
  reminderNotAnsweredEnabled: z.boolean().optional(),
  reminderNotAnsweredDays: reminderDays(),
  reminderBeforeExpiryEnabled: z.boolean().optional(),
  reminderBeforeExpiryDays: reminderDays(),
  reminderOwnerSummaryEnabled: z.boolean().optional(),
};

export const OrganizationSettingsSchema = z
  .looseObject(SETTINGS_FIELDS)
  // The organization's NIF is checked like a client's, against its country (Portugal when absent).
  .superRefine((value, ctx) => {
    if (!isValidTaxId(value.taxId, value.taxCountry)) {
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: MESSAGES.taxIdInvalid, input: value.taxId });
    }
  })
  .transform((value) =>
    value.taxId ? { ...value, taxId: normalizeTaxId(value.taxId, value.taxCountry) } : value,
  )
  // The other keys are kept only within the bounds above (flat, scalar, at most 50).
  .superRefine((value, ctx) => {
    const bounds = SettingsBoundsSchema.safeParse(value);
    for (const issue of bounds.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
    }
  });
export type OrganizationSettings = z.infer<typeof OrganizationSettingsSchema>;

/** Reading records are kept 12 months unless the organization chose 1–60 (docs/product.md#reading). */
export function readingRetentionMonths(settings: Record<string, unknown> | null | undefined): number {
  const value = settings?.readingRetentionMonths;
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= READING_RETENTION_MIN_MONTHS &&
    value <= READING_RETENTION_MAX_MONTHS
    ? value
    : READING_RETENTION_DEFAULT_MONTHS;
}

/** The client's email code is on by default: only an explicit `false` turns it off (issue 20). */
export function requiresAnswerCode(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.requireAnswerCode !== false;
}

/** The total (cents) at or above which a proposal needs approval, or null when that rule is off. */
export function approvalMinTotal(settings: Record<string, unknown> | null | undefined): number | null {
  const v = settings?.approvalMinTotal;
  return typeof v === 'number' && v > 0 ? v : null;
}

/** The discount percentage at or above which a proposal needs approval, or null when that rule is off. */
export function approvalMinDiscountPercent(
  settings: Record<string, unknown> | null | undefined,
): number | null {
  const v = settings?.approvalMinDiscountPercent;
  return typeof v === 'number' && v > 0 ? v : null;
}

/** Admins and managers skip the approval of their own proposals unless told otherwise (default on). */
export function approvalSelfApproves(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.approvalSelfApproves !== false;
}

/**
 * The days of a client reminder (docs/product.md#reminders), or null when the organization turned it off. Every
 * reminder is on by default (3 days not opened, 5 opened but not answered, 2 before expiry).
 */
export function clientReminderDays(
  settings: Record<string, unknown> | null | undefined,
  kind: ClientReminderKind,
): number | null {
  const keys = REMINDER_KEYS[kind];
  if (settings?.[keys.enabled] === false) return null;
  const v = settings?.[keys.days];
  return typeof v === 'number' && Number.isInteger(v) && v >= REMINDER_MIN_DAYS && v <= REMINDER_MAX_DAYS
    ? v
    : REMINDER_DEFAULT_DAYS[kind];
}

/** The owners' daily summary of proposals waiting is on unless the organization turned it off. */
export function ownerSummaryEnabled(settings: Record<string, unknown> | null | undefined): boolean {
  return settings?.reminderOwnerSummaryEnabled !== false;
}

/**
 * What is read back from the stored column: each known key as its rule allows, or absent when the stored
 * value breaks it (written before the rule, or by hand), so each reader falls back to its default exactly as
 * when the key is unset; other keys are kept as they are.
 */
export const StoredOrganizationSettingsSchema = z.looseObject(
  Object.fromEntries(
    Object.entries(SETTINGS_FIELDS).map(([key, field]) => [
      key,
      (field as z.ZodType).optional().catch(undefined),
    ]),
  ) as { [K in keyof typeof SETTINGS_FIELDS]: z.ZodCatch<z.ZodOptional<(typeof SETTINGS_FIELDS)[K]>> },
);
export type StoredOrganizationSettings = z.output<typeof StoredOrganizationSettingsSchema>;

/**
 * The one parse of an organization's stored settings (the `settings` column, or an API answer holding it):
 * anything that is not an object reads as no settings at all.
 */
export function parseOrganizationSettings(raw: unknown): StoredOrganizationSettings {
  const parsed = StoredOrganizationSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}
