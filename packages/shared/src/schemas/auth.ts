import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ROLES } from '../permissions.ts';
import { stripBidiControls } from '../text.ts';
import { EmailSchema } from './common.ts';

export const LOCALES = ['pt-PT', 'pt-BR', 'en-US', 'en-GB', 'es-ES', 'fr-FR'] as const;
export const TIMEZONES = [
  'Europe/Lisbon',
  'America/Sao_Paulo',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
] as const;

/**
 * A password chosen at registration or reset: at least 8 characters
 * (docs/product.md#forms-and-validation, #limits-and-defaults).
 */
export const NewPasswordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(8, MESSAGES.passwordTooShort)
  .max(200, 'A password não pode ter mais de 200 caracteres');

const NameSchema = z
  .string({ error: MESSAGES.namesRequired })
  .overwrite(stripBidiControls)
  .trim()
  .min(1, MESSAGES.namesRequired)
  .max(100, 'O nome não pode ter mais de 100 caracteres');

/** The signed-in user as the API returns it (docs/product.md#people-and-teams). */
export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  teamId: z.uuid().nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  organizationId: z.uuid().nullable(),
  /** `timeZone`: the organization's, the calendar of its proposals' validity (docs/product.md#validity-and-expiry). */
  /**
   * `trialEndsAt`: the end of the Professional trial, null for a chosen plan; past, the organization is
   * read-only (docs/product.md#plans). The top bar's countdown and banner read it from here.
   */
  organization: z
    .object({ id: z.uuid(), name: z.string(), timeZone: z.string(), trialEndsAt: z.string().nullable() })
    .nullable(),
  locale: z.string(),
  timezone: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200),
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof LoginInputSchema>;

const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  organizationName: OptionalText(200),
  organizationDomain: OptionalText(253).pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'Domínio inválido')
      .optional(),
  ),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/**
 * The register form: the API payload plus the confirmation, which must match
 * (docs/product.md#forms-and-validation).
 */
export const RegisterFormSchema = z
  .object({
    firstName: NameSchema,
    lastName: NameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(),
    organizationName: z.string().max(200),
    organizationDomain: z.string().max(253),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const RefreshInputSchema = z.object({
  refreshToken: z.string({ error: MESSAGES.invalidOrExpiredToken }).min(1).max(200),
});

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });

export const ResetPasswordInputSchema = z.object({
  token: z.string({ error: MESSAGES.resetTokenMissing }).min(1, MESSAGES.resetTokenMissing).max(200),
  password: NewPasswordSchema,
});

export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const ResetTokenParamsSchema = z.object({ resetToken: z.string().min(1).max(200) });

export const AuthSessionSchema = z.object({
  user: UserSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;

export const RefreshResultSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const ResetTokenUserSchema = z.object({
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
