import type { Paged } from '@aceite/shared/schemas/common';
import type { Member } from '@aceite/shared/schemas/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type UsersListParams, usersKeys } from './keys';

/** Members of the organization, searched over name and email (50 per page by default). */
export function getUsers(params: UsersListParams, signal?: AbortSignal): Promise<Paged<Member>> {
  return apiClient.get<Paged<Member>>('/users', {
    query: { search: params.search, page: params.page, limit: params.limit },
    signal,
  });
}

export const usersQueryOptions = (params: UsersListParams = {}) =>
  queryOptions({
    queryKey: usersKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // Typing in the search box keeps the previous rows on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UsersListParams = {}) {
  return useQuery(usersQueryOptions(params));
}

/** The largest page the API gives: enough for the pickers of a team (manager, new member, invite team). */
export const ALL_USERS = { limit: 200 } as const satisfies UsersListParams;
