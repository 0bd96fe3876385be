import { z } from 'zod';
import { PLAN_MESSAGES } from '../messages.ts';
import { ROLES } from '../permissions.ts';
import { UserSchema } from './auth.ts';
import { PLAN_IDS, PlanIdSchema } from './upgrade-requests.ts';

const BoolQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const AdminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  organizationId: z.uuid().optional(),
  isActive: BoolQuery,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AdminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/**
 * `/admin/users` answers `{ data: { users, total, page, totalPages } }` (docs/product.md#api-conventions).
 */
export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});

export const AdminOrganizationsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  plan: z.enum(PLAN_IDS, { error: PLAN_MESSAGES.planInvalid }).optional(),
  isActive: BoolQuery,
  /** "Teste termina em ≤ 3 dias": a trial that ends between now and three days from now. */
  trialEndingSoon: BoolQuery,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** What an organization uses of its plan (the figures of GET /settings/organization/usage). */
export const AdminOrganizationUsageSchema = z.object({
  proposalsThisMonth: z.number().int(),
  users: z.number().int(),
  templates: z.number().int(),
  storageBytes: z.number().int(),
});

export const AdminOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string().nullable(),
  plan: z.string(),
  /** The trial's end; null for a chosen plan (docs/product.md#plans). */
  trialEndsAt: z.string().nullable(),
  isActive: z.boolean(),
  userCount: z.number().int(),
  proposalCount: z.number().int(),
  usage: AdminOrganizationUsageSchema,
  createdAt: z.string(),
});
export type AdminOrganization = z.infer<typeof AdminOrganizationSchema>;

/** `PUT /admin/organizations/{id}/plan`: a chosen plan, which ends the trial. */
export const AdminPlanInputSchema = z.object({ plan: PlanIdSchema });

/** The answer of the plan tools: the organization's plan and trial end after the change. */
export const AdminOrganizationPlanSchema = z.object({
  id: z.uuid(),
  plan: z.string(),
  trialEndsAt: z.string().nullable(),
});

/** `POST /admin/organizations/{id}/trial`: days added to the later of now and the trial's end. */
export const AdminTrialInputSchema = z.object({
  days: z
    .number({ error: PLAN_MESSAGES.trialDaysInvalid })
    .int(PLAN_MESSAGES.trialDaysInvalid)
    .min(1, PLAN_MESSAGES.trialDaysInvalid)
    .max(90, PLAN_MESSAGES.trialDaysInvalid),
});

export const AdminOrganizationsPageSchema = z.object({
  organizations: z.array(AdminOrganizationSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});

/**
 * `POST /admin/impersonate/{id}` (docs/product.md#platform-administration): a short-lived session as the
 * target, without a refresh token.
 */
export const ImpersonationSchema = z.object({
  accessToken: z.string(),
  user: UserSchema,
  originalUser: UserSchema,
  isImpersonating: z.literal(true),
});

/** `POST /admin/stop-impersonate`: a fresh superadmin session. */
export const StopImpersonationSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: UserSchema,
  isImpersonating: z.literal(false),
});
