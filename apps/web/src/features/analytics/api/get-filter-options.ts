import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { analyticsKeys } from './keys';

/** The lists behind the report's user and team selects. */
export interface FilterOptions {
  users: { value: string; label: string; email: string }[];
  teams: { value: string; label: string }[];
}

// The filters need no more than these fields; anything else the lists carry is ignored.
const UsersResponse = z.object({
  data: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })),
});
const TeamsResponse = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });

/**
 * docs/product.md#limits-and-defaults puts no cap on users or teams; 200 is the most one page of either list
 * holds.
 */
const OPTIONS_LIMIT = 200;

async function getList<T extends z.ZodType>(path: string, schema: T, signal?: AbortSignal) {
  try {
    return schema.parse(await apiClient.get(path, { query: { limit: OPTIONS_LIMIT }, signal })) as z.infer<T>;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.warn(`Análises: ${path} falhou`, error);
    }
    throw error;
  }
}

const collator = new Intl.Collator('pt-PT');

export async function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  // One list failing leaves its select empty; the other still works.
  const [users, teams] = await Promise.allSettled([
    getList('/users', UsersResponse, signal),
    getList('/teams', TeamsResponse, signal),
  ]);
  return {
    users: (users.status === 'fulfilled' ? users.value.data : [])
      .map((u) => ({ value: u.id, label: fullName(u), email: u.email }))
      .sort((a, b) => collator.compare(a.label, b.label)),
    teams: (teams.status === 'fulfilled' ? teams.value.data : [])
      .map((t) => ({ value: t.id, label: t.name }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  };
}

export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.filterOptions(),
    queryFn: ({ signal }) => getFilterOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useFilterOptions() {
  return useQuery(filterOptionsQueryOptions());
}
