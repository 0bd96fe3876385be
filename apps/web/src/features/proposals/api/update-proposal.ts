import type { Proposal, ProposalInput } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { afterProposalSaved } from './create-proposal';

export interface UpdateProposalVariables {
  id: string;
  input: ProposalInput;
  /** Email the client that a proposal they have seen was updated. */
  notifyClient?: boolean;
}

/** Replaces a proposal's editable fields; the server recomputes its totals. */
export async function updateProposal({
  id,
  input,
  notifyClient,
}: UpdateProposalVariables): Promise<Proposal> {
  const query = notifyClient ? '?notifyClient=true' : '';
  const { data } = await apiClient.put<Envelope<Proposal>>(
    `/proposals/${encodeURIComponent(id)}${query}`,
    input,
  );
  return data;
}

export function useUpdateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProposal,
    onSuccess: (proposal) => afterProposalSaved(queryClient, proposal),
  });
}
