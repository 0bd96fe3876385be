import type { AnalyticsQuery } from '@aceite/shared/schemas/analytics';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/**
 * One analytics call: the filters as query parameters, the answer checked against the shared contract.
 * Analytics failures are only logged, never shown (docs/product.md#analytics-and-dashboard); a cancelled
 * request is not a failure.
 */
export async function getAnalytics<T extends z.ZodType>(
  path: string,
  schema: T,
  query: AnalyticsQuery & { limit?: number },
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  try {
    const body = await apiClient.get(path, { query: toQueryParams(query), signal });
    const parsed = z.object({ data: schema }).parse(body) as { data: z.infer<T> };
    return parsed.data;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.warn(`Análises: ${path} falhou`, error);
    }
    throw error;
  }
}

/** Only the filters that are set become query parameters, in a stable order. */
export function toQueryParams(query: AnalyticsQuery & { limit?: number }): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.startDate) params.startDate = query.startDate;
  if (query.endDate) params.endDate = query.endDate;
  if (query.userId) params.userId = query.userId;
  if (query.teamId) params.teamId = query.teamId;
  if (query.limit !== undefined) params.limit = query.limit;
  return params;
}
