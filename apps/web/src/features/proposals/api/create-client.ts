import type { Client, ClientInput } from '@aceite/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalLookupKeys } from './keys';

/** Creates a client from inside the editor (name and email required; 409 when the email exists). */
export async function createClient(input: ClientInput): Promise<Client> {
  const { data } = await apiClient.post<Envelope<Client>>('/clients', input);
  return data;
}

export function useQuickCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: proposalLookupKeys.clients() }),
  });
}
