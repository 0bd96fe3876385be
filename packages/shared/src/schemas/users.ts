import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ORG_ROLES, ROLES } from '../permissions.ts';
import { stripBidiControls } from '../text.ts';
import { VAT_REGIONS } from '../vat.ts';
import { LOCALES, NewPasswordSchema, TIMEZONES } from './auth.ts';
import { EmailSchema } from './common.ts';
import { OrganizationSettingsSchema } from './organization-settings.ts';

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
