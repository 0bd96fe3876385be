import { type AnalyticsQuery, LossReasonSchema } from '@aceite/shared/schemas/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getAnalytics } from './get-analytics';
import { analyticsKeys } from './keys';

/** "Motivos de perda" (docs/product.md#rejection-reasons). */
export function getLossReasons(filters: AnalyticsQuery, signal?: AbortSignal) {
  return getAnalytics('/analytics/loss-reasons', z.array(LossReasonSchema), filters, signal);
}

export const lossReasonsQueryOptions = (filters: AnalyticsQuery = {}) =>
  queryOptions({
    queryKey: analyticsKeys.lossReasons(filters),
    queryFn: ({ signal }) => getLossReasons(filters, signal),
  });

export function useLossReasons(filters: AnalyticsQuery = {}) {
  return useQuery({ ...lossReasonsQueryOptions(filters), placeholderData: keepPreviousData });
}
