import type { ProposalReading } from '@aceite/shared/schemas/reading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

/** What the client read on the public page (docs/product.md#reading). */
export async function getProposalReading(id: string, signal?: AbortSignal): Promise<ProposalReading> {
  const { data } = await apiClient.get<Envelope<ProposalReading>>(
    `/proposals/${encodeURIComponent(id)}/reading`,
    { signal },
  );
  return data;
}

export const proposalReadingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.reading(id),
    queryFn: ({ signal }) => getProposalReading(id, signal),
  });

export function useProposalReading(id: string) {
  return useQuery(proposalReadingQueryOptions(id));
}
