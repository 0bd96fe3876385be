import { type AnalyticsQuery, AnalyticsQuerySchema } from '@aceite/shared/schemas/analytics';

/** The report's filters, in the order they sit in the URL (`/analytics?startDate=…&endDate=…`). */
export const FILTER_KEYS = ['startDate', 'endDate', 'userId', 'teamId'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The filters kept in the address bar. A value the API would refuse (a hand-edited URL with a bad date or
 * id) is dropped rather than turned into a failing call.
 */
export function readFilters(params: URLSearchParams): AnalyticsQuery {
  const filters: AnalyticsQuery = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = AnalyticsQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters;
}

/** The search params for `filters`, keeping any unrelated parameter of `current`. */
export function writeFilters(current: URLSearchParams, filters: AnalyticsQuery): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function hasFilters(filters: AnalyticsQuery): boolean {
  return FILTER_KEYS.some((key) => Boolean(filters[key]));
}
