import type { CreateApiKeyInput, CreatedApiKey } from '@aceite/shared/schemas/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { apiKeyKeys } from './keys';

/** Creates a key; the answer carries the whole key, this once. */
export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const { data } = await apiClient.post<Envelope<CreatedApiKey>>('/settings/api-keys', input);
  return data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
