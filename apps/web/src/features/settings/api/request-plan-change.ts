import type { UpgradeRequest, UpgradeRequestInput } from '@aceite/shared/schemas/upgrade-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** Records the request (replacing the pending one); the superadmin applies it (docs/product.md#plans). */
export async function requestPlanChange(input: UpgradeRequestInput): Promise<UpgradeRequest> {
  const { data } = await apiClient.post<Envelope<UpgradeRequest>>(
    '/settings/organization/upgrade-requests',
    input,
  );
  return data;
}

export function useRequestPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPlanChange,
    onSuccess: (pending) => queryClient.setQueryData(settingsKeys.upgradeRequest(), { pending }),
  });
}
