import { AnalyticsOverviewSchema, type AnalyticsQuery } from '@aceite/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

export function getOverview(filters: AnalyticsQuery, signal?: AbortSignal) {
  return getAnalytics('/analytics/overview', AnalyticsOverviewSchema, filters, signal);
}

export const overviewQueryOptions = (filters: AnalyticsQuery = {}) =>
  queryOptions({
    queryKey: analyticsKeys.overview(filters),
    queryFn: ({ signal }) => getOverview(filters, signal),
  });

/** The cards of the dashboard (no filters) and of the report. */
export function useOverview(filters: AnalyticsQuery = {}) {
  return useQuery({ ...overviewQueryOptions(filters), placeholderData: keepPreviousData });
}
