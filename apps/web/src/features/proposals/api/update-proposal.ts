import type { Proposal, ProposalInput } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { afterProposalSaved } from './create-proposal';

export interface UpdateProposalVariables {
  id: string;
  input: ProposalInput;
}

/** Replaces a proposal's editable fields; the server recomputes its totals. */
export async function updateProposal({ id, input }: UpdateProposalVariables): Promise<Proposal> {
  const { data } = await apiClient.put<Envelope<Proposal>>(`/proposals/${encodeURIComponent(id)}`, input);
  return data;
}

export function useUpdateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProposal,
    onSuccess: (proposal) => afterProposalSaved(queryClient, proposal),
  });
}
