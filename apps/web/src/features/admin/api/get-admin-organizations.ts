import type { AdminOrganizationsPageSchema } from '@aceite/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { type AdminOrganizationsParams, adminKeys } from './keys';

/** The platform organizations list shows 50 per page (docs/product.md#limits-and-defaults). */
export const ADMIN_ORGANIZATIONS_PAGE_SIZE = 50;

export type AdminOrganizationsPage = z.infer<typeof AdminOrganizationsPageSchema>;

/** One page of organizations with their plan, trial and usage (superadmins only). */
export async function getAdminOrganizations(
  params: AdminOrganizationsParams,
  signal?: AbortSignal,
): Promise<AdminOrganizationsPage> {
  const { data } = await apiClient.get<Envelope<AdminOrganizationsPage>>('/admin/organizations', {
    query: {
      search: params.search,
      plan: params.plan ?? undefined,
      trialEndingSoon: params.trialEndingSoon ? true : undefined,
      page: params.page,
      limit: ADMIN_ORGANIZATIONS_PAGE_SIZE,
    },
    signal,
  });
  return data;
}

export function useAdminOrganizations(params: AdminOrganizationsParams) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.organizationList(params),
      queryFn: ({ signal }) => getAdminOrganizations(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
