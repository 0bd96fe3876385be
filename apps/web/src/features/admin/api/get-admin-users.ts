import type { AdminUsersPageSchema } from '@aceite/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { type AdminUsersParams, adminKeys } from './keys';

/** The admin users list shows 50 per page (docs/product.md#limits-and-defaults). */
export const ADMIN_USERS_PAGE_SIZE = 50;

export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

/** One page of the users of every organization (superadmins only; everyone else gets 403). */
export async function getAdminUsers(params: AdminUsersParams, signal?: AbortSignal): Promise<AdminUsersPage> {
  const { data } = await apiClient.get<Envelope<AdminUsersPage>>('/admin/users', {
    query: {
      search: params.search,
      role: params.role,
      isActive: params.status === null ? undefined : params.status === 'active',
      page: params.page,
      limit: ADMIN_USERS_PAGE_SIZE,
    },
    signal,
  });
  return data;
}

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminKeys.userList(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The table keeps showing the previous page while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
