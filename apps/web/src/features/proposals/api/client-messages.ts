import type { ProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/messages`;

/** The client's questions and change requests with the team's answers, oldest first. */
export async function getClientMessages(
  proposalId: string,
  signal?: AbortSignal,
): Promise<ProposalMessage[]> {
  return (await apiClient.get<Envelope<ProposalMessage[]>>(base(proposalId), { signal })).data;
}

export const clientMessagesQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: proposalKeys.messages(proposalId),
    queryFn: ({ signal }) => getClientMessages(proposalId, signal),
  });

export function useClientMessages(proposalId: string) {
  return useQuery(clientMessagesQueryOptions(proposalId));
}

/** The team's answer: shown on the public page and emailed to the client. */
export function useAnswerClient(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (await apiClient.post<Envelope<ProposalMessage>>(base(proposalId), { message })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.messages(proposalId) }),
  });
}
