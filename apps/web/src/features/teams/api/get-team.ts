import type { TeamDetail } from '@aceite/shared/schemas/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { teamsKeys } from './keys';

/** A team with its manager and members; 404 'Equipa não encontrada'. */
export async function getTeam(id: string, signal?: AbortSignal): Promise<TeamDetail> {
  const { data } = await apiClient.get<Envelope<TeamDetail>>(`/teams/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const teamQueryOptions = (id: string) =>
  queryOptions({ queryKey: teamsKeys.detail(id), queryFn: ({ signal }) => getTeam(id, signal) });

export function useTeam(id: string) {
  return useQuery(teamQueryOptions(id));
}
