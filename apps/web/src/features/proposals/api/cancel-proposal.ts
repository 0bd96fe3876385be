import type { CancelProposalInput } from '@aceite/shared/schemas/proposal-messages';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** 'Cancelar proposta' with the reason (docs/product.md#cancelling-a-proposal). */
export async function cancelProposal(id: string, input: CancelProposalInput): Promise<Proposal> {
  const { data } = await apiClient.post<Envelope<Proposal>>(
    `/proposals/${encodeURIComponent(id)}/cancel`,
    input,
  );
  return data;
}

export function useCancelProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelProposalInput) => cancelProposal(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(proposalKeys.detail(saved.id), saved);
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
