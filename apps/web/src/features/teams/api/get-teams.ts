import type { Team } from '@aceite/shared/schemas/teams';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type TeamsListParams, teamsKeys } from './keys';

export interface TeamsPage {
  data: Team[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** The organization's teams with manager and member count, searched by name (up to 200). */
export function getTeams(params: TeamsListParams, signal?: AbortSignal): Promise<TeamsPage> {
  return apiClient.get<TeamsPage>('/teams', { query: { search: params.search, limit: 200 }, signal });
}

export const teamsQueryOptions = (params: TeamsListParams = {}) =>
  queryOptions({
    queryKey: teamsKeys.list(params),
    queryFn: ({ signal }) => getTeams(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTeams(params: TeamsListParams = {}) {
  return useQuery(teamsQueryOptions(params));
}
