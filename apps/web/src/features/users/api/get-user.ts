import type { Member } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { usersKeys } from './keys';

export async function getUser(id: string, signal?: AbortSignal): Promise<Member> {
  const { data } = await apiClient.get<Envelope<Member>>(`/users/${encodeURIComponent(id)}`, { signal });
  return data;
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: usersKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
