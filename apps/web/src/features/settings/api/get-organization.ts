import type { Organization } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** Name, domain, branding and settings of the caller's organization (admins only). */
export async function getOrganization(signal?: AbortSignal): Promise<Organization> {
  const { data } = await apiClient.get<Envelope<Organization>>('/settings/organization', { signal });
  return data;
}

export const organizationQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.organization(), queryFn: ({ signal }) => getOrganization(signal) });

export function useOrganization() {
  return useQuery(organizationQueryOptions());
}
