import type { OrganizationBranding } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The organization's name, colour and logo, which every member may read (the top bar shows the logo). */
export async function getOrganizationBranding(signal?: AbortSignal): Promise<OrganizationBranding> {
  const { data } = await apiClient.get<Envelope<OrganizationBranding>>('/settings/organization/branding', {
    signal,
  });
  return data;
}

export const organizationBrandingQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.branding(),
    queryFn: ({ signal }) => getOrganizationBranding(signal),
    // Changes only when an admin saves the Organização tab, which refreshes it.
    staleTime: 10 * 60_000,
  });

/** Off for accounts without an organization (superadmins). */
export function useOrganizationBranding(enabled: boolean) {
  return useQuery({ ...organizationBrandingQueryOptions(), enabled });
}
