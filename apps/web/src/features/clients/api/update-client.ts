import type { Client, ClientInput } from '@aceite/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { clientKeys } from './keys';

export interface UpdateClientVariables {
  id: string;
  input: ClientInput;
}

/** Replaces a client's fields; 409 with `details[{ field: 'email' }]` when the email is taken. */
export async function updateClient({ id, input }: UpdateClientVariables): Promise<Client> {
  const { data } = await apiClient.put<Envelope<Client>>(`/clients/${encodeURIComponent(id)}`, input);
  return data;
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
