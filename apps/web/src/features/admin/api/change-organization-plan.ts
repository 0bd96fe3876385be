import type { AdminOrganizationPlanSchema } from '@aceite/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { adminKeys } from './keys';

export type OrganizationPlan = z.infer<typeof AdminOrganizationPlanSchema>;

/** A chosen plan, which ends the trial (audited; docs/product.md#plans). */
export async function changeOrganizationPlan(input: { id: string; plan: string }): Promise<OrganizationPlan> {
  const { data } = await apiClient.put<Envelope<OrganizationPlan>>(
    `/admin/organizations/${encodeURIComponent(input.id)}/plan`,
    { plan: input.plan },
  );
  return data;
}

/** Days added to the later of now and the trial's end (audited). */
export async function extendTrial(input: { id: string; days: number }): Promise<OrganizationPlan> {
  const { data } = await apiClient.post<Envelope<OrganizationPlan>>(
    `/admin/organizations/${encodeURIComponent(input.id)}/trial`,
    { days: input.days },
  );
  return data;
}

export function useChangeOrganizationPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrganizationPlan,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.all),
  });
}

export function useExtendTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendTrial,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.organizations()),
  });
}
