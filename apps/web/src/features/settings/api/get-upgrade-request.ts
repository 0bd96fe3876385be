import type { PendingUpgradeRequest } from '@aceite/shared/schemas/upgrade-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The organization's pending "Mudar de plano" request, or null (admins; docs/product.md#plans). */
export async function getUpgradeRequest(signal?: AbortSignal): Promise<PendingUpgradeRequest> {
  const { data } = await apiClient.get<Envelope<PendingUpgradeRequest>>(
    '/settings/organization/upgrade-requests',
    { signal },
  );
  return data;
}

export const upgradeRequestQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.upgradeRequest(),
    queryFn: ({ signal }) => getUpgradeRequest(signal),
  });

export function useUpgradeRequest() {
  return useQuery(upgradeRequestQueryOptions());
}
