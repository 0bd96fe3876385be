import { canHoldApiKey } from '@aceite/shared/permissions';
import type { ApiKey, TransferApiKeyInput } from '@aceite/shared/schemas/api-keys';
import type { Member } from '@aceite/shared/schemas/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

/** "Transferir": hands a key to another active admin (issue 34, docs/product.md#api-keys). */
export async function transferApiKey({
  id,
  ...input
}: TransferApiKeyInput & { id: string }): Promise<ApiKey> {
  const { data } = await apiClient.post<Envelope<ApiKey>>(`/settings/api-keys/${id}/transfer`, input);
  return data;
}

export function useTransferApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** Who may receive a key: the organization's active admins, by the same rule the server checks. */
export async function getKeyHolders(signal?: AbortSignal): Promise<Member[]> {
  const { data } = await apiClient.get<Envelope<Member[]>>('/users?limit=200', { signal });
  return data.filter(canHoldApiKey);
}

export const keyHoldersQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.holders(), queryFn: ({ signal }) => getKeyHolders(signal) });

export function useKeyHolders(enabled: boolean) {
  return useQuery({ ...keyHoldersQueryOptions(), enabled });
}
