import type { Proposal } from '@aceite/shared/schemas/proposals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

/** One proposal with its client and owner. */
export async function getProposal(id: string, signal?: AbortSignal): Promise<Proposal> {
  const { data } = await apiClient.get<Envelope<Proposal>>(`/proposals/${encodeURIComponent(id)}`, {
    signal,
  });
  return data;
}

export const proposalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.detail(id),
    queryFn: ({ signal }) => getProposal(id, signal),
  });

export function useProposal(id: string) {
  return useQuery(proposalQueryOptions(id));
}
