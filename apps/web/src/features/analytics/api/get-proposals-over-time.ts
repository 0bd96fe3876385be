import { type AnalyticsQuery, TimePointSchema } from '@aceite/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

export function getProposalsOverTime(filters: AnalyticsQuery, signal?: AbortSignal) {
  return getAnalytics('/analytics/proposals-over-time', z.array(TimePointSchema), filters, signal);
}

export const proposalsOverTimeQueryOptions = (filters: AnalyticsQuery = {}) =>
  queryOptions({
    queryKey: analyticsKeys.overTime(filters),
    queryFn: ({ signal }) => getProposalsOverTime(filters, signal),
  });

/** Proposals and value per month. */
export function useProposalsOverTime(filters: AnalyticsQuery = {}) {
  return useQuery({ ...proposalsOverTimeQueryOptions(filters), placeholderData: keepPreviousData });
}
