import type { Proposal } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** 'Reemitir como nova versão': a new draft linked to the accepted proposal (docs/product.md#evidence). */
export async function reissueProposal(id: string): Promise<Proposal> {
  const { data } = await apiClient.post<Envelope<Proposal>>(`/proposals/${encodeURIComponent(id)}/reissue`);
  return data;
}

export function useReissueProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reissueProposal,
    onSuccess: (copy) => {
      queryClient.setQueryData(proposalKeys.detail(copy.id), copy);
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
