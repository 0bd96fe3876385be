import type { Paged } from '@aceite/shared/schemas/common';
import type { Team } from '@aceite/shared/schemas/teams';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type TeamsListParams, teamsKeys } from './keys';

/** The organization's teams with manager and member count, searched by name (up to 200). */
export function getTeams(params: TeamsListParams, signal?: AbortSignal): Promise<Paged<Team>> {
  return apiClient.get<Paged<Team>>('/teams', { query: { search: params.search, limit: 200 }, signal });
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
