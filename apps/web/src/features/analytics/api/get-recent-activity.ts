import { RecentActivitySchema } from '@aceite/shared/schemas/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

/** The dashboard lists the 10 latest proposals (docs/product.md#limits-and-defaults). */
export const RECENT_ACTIVITY_LIMIT = 10;

export function getRecentActivity(limit: number, signal?: AbortSignal) {
  return getAnalytics('/analytics/recent-activity', RecentActivitySchema, { limit }, signal);
}

export const recentActivityQueryOptions = (limit = RECENT_ACTIVITY_LIMIT) =>
  queryOptions({
    queryKey: analyticsKeys.recentActivity(limit),
    queryFn: ({ signal }) => getRecentActivity(limit, signal),
  });

export function useRecentActivity(limit = RECENT_ACTIVITY_LIMIT) {
  return useQuery(recentActivityQueryOptions(limit));
}
