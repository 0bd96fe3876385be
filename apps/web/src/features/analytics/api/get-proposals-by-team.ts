import { type AnalyticsQuery, TeamPerformanceSchema } from '@aceite/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

export function getProposalsByTeam(filters: AnalyticsQuery, signal?: AbortSignal) {
  return getAnalytics('/analytics/proposals-by-team', z.array(TeamPerformanceSchema), filters, signal);
}

export const proposalsByTeamQueryOptions = (filters: AnalyticsQuery = {}) =>
  queryOptions({
    queryKey: analyticsKeys.byTeam(filters),
    queryFn: ({ signal }) => getProposalsByTeam(filters, signal),
  });

export function useProposalsByTeam(filters: AnalyticsQuery = {}) {
  return useQuery({ ...proposalsByTeamQueryOptions(filters), placeholderData: keepPreviousData });
}
