import type { DeleteClientResult } from '@aceite/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { clientKeys } from './keys';

/**
 * Deletes a client, or pseudonymises one who answered a proposal; refused with 409 while only undecided
 * proposals reference it (docs/product.md#personal-data).
 */
export async function deleteClient(id: string): Promise<DeleteClientResult> {
  const { data } = await apiClient.delete<{ data: DeleteClientResult }>(`/clients/${encodeURIComponent(id)}`);
  return data;
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
