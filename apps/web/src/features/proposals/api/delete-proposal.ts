import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** Deletes a proposal with its versions, comments and attachments. */
export async function deleteProposal(id: string): Promise<void> {
  await apiClient.delete(`/proposals/${encodeURIComponent(id)}`);
}

export function useDeleteProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProposal,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: proposalKeys.detail(id), exact: true });
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
