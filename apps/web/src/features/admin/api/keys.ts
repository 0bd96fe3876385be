import type { Role } from '@aceite/shared/permissions';
import type { PlanId } from '@aceite/shared/plans';

/** The status filter of the platform users list (docs/product.md#platform-administration). */
export const ADMIN_USER_STATUSES = ['active', 'inactive'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** What the platform users list is filtered by; part of its cache key. */
export interface AdminUsersParams {
  search: string;
  role: Role | null;
  status: AdminUserStatus | null;
  page: number;
}

/** What the platform organizations list is filtered by (docs/product.md#platform-administration). */
export interface AdminOrganizationsParams {
  search: string;
  plan: PlanId | null;
  /** "Teste termina em ≤ 3 dias". */
  trialEndingSoon: boolean;
  page: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: AdminUsersParams) => [...adminKeys.users(), 'list', params] as const,
  organizations: () => [...adminKeys.all, 'organizations'] as const,
  organizationList: (params: AdminOrganizationsParams) =>
    [...adminKeys.organizations(), 'list', params] as const,
  upgradeRequests: () => [...adminKeys.all, 'upgrade-requests'] as const,
};
