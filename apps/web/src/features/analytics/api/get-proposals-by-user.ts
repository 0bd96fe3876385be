import { type AnalyticsQuery, UserPerformanceSchema } from '@aceite/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

/** The report shows the top 10 users (docs/product.md#limits-and-defaults). */
export const TOP_USERS_LIMIT = 10;

export function getProposalsByUser(filters: AnalyticsQuery, limit: number, signal?: AbortSignal) {
  return getAnalytics(
    '/analytics/proposals-by-user',
    z.array(UserPerformanceSchema),
    { ...filters, limit },
    signal,
  );
}

export const proposalsByUserQueryOptions = (filters: AnalyticsQuery = {}, limit = TOP_USERS_LIMIT) =>
  queryOptions({
    queryKey: analyticsKeys.byUser(filters, limit),
    queryFn: ({ signal }) => getProposalsByUser(filters, limit, signal),
  });

export function useProposalsByUser(filters: AnalyticsQuery = {}, limit = TOP_USERS_LIMIT) {
  return useQuery({ ...proposalsByUserQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
