import type { Proposal } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** 'Duplicar': a new draft with the same client and content (docs/product.md#duplicating-a-proposal). */
export async function duplicateProposal(id: string): Promise<Proposal> {
  const { data } = await apiClient.post<Envelope<Proposal>>(`/proposals/${encodeURIComponent(id)}/duplicate`);
  return data;
}

export function useDuplicateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProposal,
    onSuccess: (copy) => {
      queryClient.setQueryData(proposalKeys.detail(copy.id), copy);
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
