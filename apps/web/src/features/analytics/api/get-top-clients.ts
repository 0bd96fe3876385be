import { type AnalyticsQuery, TopClientSchema } from '@aceite/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

/** 5 on the dashboard, 10 in the report (docs/product.md#limits-and-defaults). */
export const DASHBOARD_TOP_CLIENTS = 5;
export const REPORT_TOP_CLIENTS = 10;

export function getTopClients(filters: AnalyticsQuery, limit: number, signal?: AbortSignal) {
  return getAnalytics('/analytics/top-clients', z.array(TopClientSchema), { ...filters, limit }, signal);
}

export const topClientsQueryOptions = (filters: AnalyticsQuery, limit: number) =>
  queryOptions({
    queryKey: analyticsKeys.topClients(filters, limit),
    queryFn: ({ signal }) => getTopClients(filters, limit, signal),
  });

export function useTopClients(filters: AnalyticsQuery, limit: number) {
  return useQuery({ ...topClientsQueryOptions(filters, limit), placeholderData: keepPreviousData });
}
