import type { ProposalEvidence } from '@aceite/shared/schemas/evidence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

/** The proposal's evidence chain and whether it is intact (docs/product.md#evidence). */
export async function getEvidence(id: string, signal?: AbortSignal): Promise<ProposalEvidence> {
  const { data } = await apiClient.get<Envelope<ProposalEvidence>>(
    `/proposals/${encodeURIComponent(id)}/evidence`,
    { signal },
  );
  return data;
}

export const evidenceQueryOptions = (id: string) =>
  queryOptions({ queryKey: proposalKeys.evidence(id), queryFn: ({ signal }) => getEvidence(id, signal) });

export function useEvidence(id: string) {
  return useQuery(evidenceQueryOptions(id));
}
