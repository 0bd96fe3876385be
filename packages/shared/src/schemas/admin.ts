import { z } from 'zod';
import { ROLES } from '../permissions.ts';
import { UserSchema } from './auth.ts';

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
  plan: z.string().trim().max(50).optional(),
  isActive: BoolQuery,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AdminOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string().nullable(),
  plan: z.string(),
  isActive: z.boolean(),
  userCount: z.number().int(),
  proposalCount: z.number().int(),
  createdAt: z.string(),
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
