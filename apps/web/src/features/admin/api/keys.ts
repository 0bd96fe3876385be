import type { Role } from '@aceite/shared/permissions';

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

export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: AdminUsersParams) => [...adminKeys.users(), 'list', params] as const,
};
