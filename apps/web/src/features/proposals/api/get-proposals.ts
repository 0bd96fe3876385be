import type { Paged } from '@aceite/shared/schemas/common';
import type { ProposalSummary } from '@aceite/shared/schemas/proposals';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type ProposalListFilters, proposalKeys } from './keys';

/** Cards per request: a full grid of 2, 3 or 4 columns. */
export const PROPOSALS_PAGE_SIZE = 24;

/** One page of the organization's proposals, newest first. */
export function getProposals(
  filters: ProposalListFilters,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<ProposalSummary>> {
  return apiClient.get<Paged<ProposalSummary>>('/proposals', {
    query: {
      status: filters.status,
      search: filters.search,
      sort: filters.sort,
      awaitingMyApproval: filters.awaitingMyApproval ? 'true' : undefined,
      page,
      limit: PROPOSALS_PAGE_SIZE,
    },
    signal,
  });
}

/** Pages are fetched one at a time ("Carregar mais"), so a huge organization never loads everything. */
export const proposalsQueryOptions = (filters: ProposalListFilters) =>
  infiniteQueryOptions({
    queryKey: proposalKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getProposals(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
  });

export function useProposals(filters: ProposalListFilters) {
  // The previous results stay on screen (dimmed) while a new filter or search loads.
  return useInfiniteQuery({ ...proposalsQueryOptions(filters), placeholderData: keepPreviousData });
}
