import type { DuplicatedProposal, DuplicateProposalInput } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/**
 * 'Duplicar': a new draft with the same content, for the same client or another one ('Duplicar para outro
 * cliente'), its rates read again for the organization's region (docs/product.md#duplicating-a-proposal).
 */
export async function duplicateProposal({
  id,
  ...input
}: { id: string } & DuplicateProposalInput): Promise<DuplicatedProposal> {
  const { data } = await apiClient.post<Envelope<DuplicatedProposal>>(
    `/proposals/${encodeURIComponent(id)}/duplicate`,
    input,
  );
  return data;
}

export function useDuplicateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateProposal,
    onSuccess: ({ vatRateChanges: _changes, vatNotice: _notice, ...copy }) => {
      queryClient.setQueryData(proposalKeys.detail(copy.id), copy);
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
