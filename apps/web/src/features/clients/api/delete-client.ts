import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { clientKeys } from './keys';

/** Deletes a client; refused with 409 while proposals reference it. */
export async function deleteClient(id: string): Promise<void> {
  await apiClient.delete(`/clients/${encodeURIComponent(id)}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      return refetchAfterWrite(queryClient, clientKeys.lists());
    },
  });
}
