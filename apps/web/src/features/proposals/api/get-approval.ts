import type { ProposalApproval } from '@aceite/shared/schemas/approvals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

/**
 * The proposal's approval state for the signed-in member (docs/product.md#approvals): whether sending is
 * blocked, what they may do, the latest return's comment and the history.
 */
export async function getApproval(id: string, signal?: AbortSignal): Promise<ProposalApproval> {
  const { data } = await apiClient.get<Envelope<ProposalApproval>>(
    `/proposals/${encodeURIComponent(id)}/approval`,
    { signal },
  );
  return data;
}

export const approvalQueryOptions = (id: string) =>
  queryOptions({ queryKey: proposalKeys.approval(id), queryFn: ({ signal }) => getApproval(id, signal) });

export function useApproval(id: string) {
  return useQuery(approvalQueryOptions(id));
}
