import type { ApiKey } from '@aceite/shared/schemas/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

/** The organization's API keys not revoked (admins only; docs/product.md#api-keys). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { data } = await apiClient.get<Envelope<ApiKey[]>>('/settings/api-keys', { signal });
  return data;
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
