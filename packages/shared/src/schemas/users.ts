import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { ORG_ROLES, ROLES } from '../permissions.ts';
import { NUMBER_PREFIX_PATTERN } from '../proposal-number.ts';
import { isValidTaxId, normalizeTaxId } from '../tax-id.ts';
import { stripBidiControls } from '../text.ts';
import { VAT_REGIONS } from '../vat.ts';
import { LOCALES, NewPasswordSchema, TIMEZONES } from './auth.ts';
import { EmailSchema } from './common.ts';

const Name = (message: string) =>
  z.string({ error: message }).overwrite(stripBidiControls).trim().min(1, message).max(100);
const OptionalName = z
  .string()
  .overwrite(stripBidiControls)
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || null);

/** A member of the organization as the users screens show it. */
export const MemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  teamId: z.uuid().nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const ListUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The user form (docs/product.md#forms-and-validation): first name, last name and role required; team
 * optional.
 */
export const UpdateUserInputSchema = z.object({
  firstName: Name(MESSAGES.userFormRequired),
  lastName: Name(MESSAGES.userFormRequired),
  role: z.enum(ORG_ROLES, { error: MESSAGES.userFormRequired }),
  teamId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type UpdateUserInput = z.input<typeof UpdateUserInputSchema>;

/**
 * An invitation (docs/product.md#people-and-teams). `token` is the handle admins use to resend or cancel it.
 */
export const InviteSchema = z.object({
  id: z.uuid(),
  token: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ORG_ROLES),
  teamId: z.uuid().nullable(),
  inviter: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;

export const InviteInputSchema = z.object({
  email: EmailSchema,
  firstName: OptionalName,
  lastName: OptionalName,
  role: z.enum(ORG_ROLES, { error: MESSAGES.inviteRequired }).default('sales'),
  teamId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type InviteInput = z.input<typeof InviteInputSchema>;

export const InviteTokenParamsSchema = z.object({ inviteToken: z.string().min(1).max(200) });
export const AcceptTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What the accept-invite page shows before the account exists. */
export const InvitationSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ORG_ROLES),
  organization: z.object({ name: z.string() }),
  expiresAt: z.string(),
});

export const AcceptInviteInputSchema = z.object({
  firstName: Name(MESSAGES.namesRequired),
  lastName: Name(MESSAGES.namesRequired),
  password: NewPasswordSchema,
});

export const AcceptInviteFormSchema = AcceptInviteInputSchema.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { path: ['confirmPassword'], message: MESSAGES.passwordsDontMatch },
);

/** Settings → Perfil (docs/product.md#settings). */
export const ProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  locale: z.string(),
  timezone: z.string(),
});

export const ProfileInputSchema = z.object({
  firstName: Name(MESSAGES.profileRequired),
  lastName: Name(MESSAGES.profileRequired),
  locale: z.enum(LOCALES).default('pt-PT'),
  timezone: z.enum(TIMEZONES).default('Europe/Lisbon'),
});

/**
 * Settings → Alterar Password: new at least 6 characters
 * (docs/product.md#forms-and-validation, #limits-and-defaults).
 */
export const ChangePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.passwordFieldsRequired })
    .min(1, MESSAGES.passwordFieldsRequired)
    .max(200),
  newPassword: z
    .string({ error: MESSAGES.passwordFieldsRequired })
    .min(1, MESSAGES.passwordFieldsRequired)
    .min(6, MESSAGES.newPasswordTooShort)
    .max(200),
});

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.passwordFieldsRequired),
    newPassword: z.string().min(1, MESSAGES.passwordFieldsRequired).min(6, MESSAGES.newPasswordTooShort),
    confirmPassword: z.string().min(1, MESSAGES.passwordFieldsRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.newPasswordsDontMatch,
  });

/** A logo as a small image data URL (shown in the top bar, the public page and emails). */
export const LogoSchema = z
  .string()
  .max(300_000, MESSAGES.logoInvalid)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, MESSAGES.logoInvalid);

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

export const OrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string().nullable(),
  plan: z.string(),
  branding: z.object({ primaryColor: z.string(), logo: z.string().nullable() }),
  settings: z.record(z.string(), z.unknown()),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** What every member sees of their organization: its name and brand (the top bar shows the logo). */
export const OrganizationBrandingSchema = z.object({
  name: z.string(),
  primaryColor: z.string(),
  logo: z.string().nullable(),
  /** Days a new proposal stays valid (Settings → Organização), filled into the editor. */
  proposalValidityDays: z.number().int().optional(),
  /** Where IVA is charged (docs/product.md#iva-per-line): the editor offers that region's rates. */
  vatRegion: z.enum(VAT_REGIONS).optional(),
});
export type OrganizationBranding = z.infer<typeof OrganizationBrandingSchema>;

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

export const OrganizationSettingsSchema = z
  .looseObject({
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
  })
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

export const OrganizationInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.organizationNameRequired })
    .trim()
    .min(1, MESSAGES.organizationNameRequired)
    .max(200),
  domain: z
    .string()
    .trim()
    .max(253)
    .nullish()
    .transform((v) => v || null)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'Domínio inválido')
        .nullable(),
    ),
  branding: z
    .object({
      primaryColor: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.colorInvalid)
        .default('#007bff'),
      logo: LogoSchema.nullish().transform((v) => v ?? null),
    })
    .default({ primaryColor: '#007bff', logo: null }),
  settings: OrganizationSettingsSchema.default({}),
});
