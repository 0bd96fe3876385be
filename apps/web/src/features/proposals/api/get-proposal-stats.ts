import { SIDEBAR_STATUSES } from '@aceite/shared/proposal-status';
import { type ProposalStats, ProposalStatsSchema } from '@aceite/shared/schemas/proposals';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

/**
 * Proposal counts by status for the whole organization. Checked against the contract: the counts render in
 * the layout of every private screen, so a malformed answer must fail this query, not the page.
 */
export async function getProposalStats(signal?: AbortSignal): Promise<ProposalStats> {
  const { data } = await apiClient.get<Envelope<unknown>>('/proposals/stats', { signal });
  return ProposalStatsSchema.parse(data);
}

export const proposalStatsQueryOptions = () =>
  queryOptions({
    queryKey: proposalKeys.stats(),
    queryFn: ({ signal }) => getProposalStats(signal),
  });

export function useProposalStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...proposalStatsQueryOptions(), enabled });
}

/**
 * The sidebar's counts (docs/product.md#screens-and-navigation), refreshed on every route change: a status
 * may have changed on another screen, by a colleague, or by a client on the public page.
 */
export function useSidebarProposalCounts({
  enabled = true,
}: {
  enabled?: boolean;
} = {}): Partial<Record<(typeof SIDEBAR_STATUSES)[number] | 'awaitingMyApproval', number>> | undefined {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  // The sidebar's status links change only `?status=`: that is a new screen too (a search as one types is not).
  const location = `${pathname}?status=${new URLSearchParams(search).get('status') ?? ''}`;
  const { data } = useProposalStats({ enabled });
  const lastLocation = useRef(location);

  // Not a fetch in an effect: the query owns fetching; a new screen only marks the counts stale.
  useEffect(() => {
    if (lastLocation.current === location) return;
    lastLocation.current = location;
    void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
  }, [location, queryClient]);

  if (!data) return undefined;
  return {
    ...Object.fromEntries(SIDEBAR_STATUSES.map((status) => [status, data.byStatus[status] ?? 0])),
    // 'Para aprovar' (docs/product.md#approvals); the link shows only to those who may approve.
    awaitingMyApproval: data.awaitingMyApproval ?? 0,
  };
}
