import type { Proposal, ProposalInput } from '@aceite/shared/schemas/proposals';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** Creates a proposal; the server computes its totals. */
export async function createProposal(input: ProposalInput): Promise<Proposal> {
  const { data } = await apiClient.post<Envelope<Proposal>>('/proposals', input);
  return data;
}

/** After a write: the saved proposal is cached as is; every list, the counts and its approval are refreshed. */
export function afterProposalSaved(queryClient: QueryClient, proposal: Proposal): void {
  queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
  void refetchAfterWrite(queryClient, proposalKeys.lists());
  void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
  // A save may put the proposal under approval (or take it out): sending reads the state again.
  void queryClient.invalidateQueries({ queryKey: proposalKeys.approval(proposal.id) });
}

export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposal,
    onSuccess: (proposal) => afterProposalSaved(queryClient, proposal),
  });
}
