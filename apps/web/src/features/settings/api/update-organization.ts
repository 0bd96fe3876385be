import type { Organization, OrganizationInputSchema } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

export type OrganizationInput = z.input<typeof OrganizationInputSchema>;

export async function updateOrganization(input: OrganizationInput): Promise<Organization> {
  const { data } = await apiClient.put<Envelope<Organization>>('/settings/organization', input);
  return data;
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(settingsKeys.organization(), organization);
      // The top bar shows the new name and logo at once.
      queryClient.setQueryData(settingsKeys.branding(), {
        name: organization.name,
        primaryColor: organization.branding.primaryColor,
        logo: organization.branding.logo,
      });
    },
  });
}
