import type { AnalyticsQuery } from '@aceite/shared/schemas/analytics';

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (filters: AnalyticsQuery) => [...analyticsKeys.all, 'overview', filters] as const,
  overTime: (filters: AnalyticsQuery) => [...analyticsKeys.all, 'proposals-over-time', filters] as const,
  byUser: (filters: AnalyticsQuery, limit: number) =>
    [...analyticsKeys.all, 'proposals-by-user', filters, limit] as const,
  byTeam: (filters: AnalyticsQuery) => [...analyticsKeys.all, 'proposals-by-team', filters] as const,
  topClients: (filters: AnalyticsQuery, limit: number) =>
    [...analyticsKeys.all, 'top-clients', filters, limit] as const,
  lossReasons: (filters: AnalyticsQuery) => [...analyticsKeys.all, 'loss-reasons', filters] as const,
  recentActivity: (limit: number) => [...analyticsKeys.all, 'recent-activity', limit] as const,
  filterOptions: () => [...analyticsKeys.all, 'filter-options'] as const,
};
