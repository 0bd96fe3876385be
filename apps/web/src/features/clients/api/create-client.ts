import type { Client, ClientInput } from '@aceite/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { clientKeys } from './keys';

/** Creates a client; 409 with `details[{ field: 'email' }]` when the email is taken. */
export async function createClient(input: ClientInput): Promise<Client> {
  const { data } = await apiClient.post<Envelope<Client>>('/clients', input);
  return data;
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => refetchAfterWrite(queryClient, clientKeys.lists()),
  });
}
