import type { Member } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { proposalLookupKeys } from './keys';

/** The API's largest page of users; the owner select lists the organization's active members. */
const MEMBERS_LIMIT = 200;

/** Active members who can own a proposal (the owner select of managers and admins). */
export async function getProposalOwners(signal?: AbortSignal): Promise<Member[]> {
  const { data } = await apiClient.get<{ data: Member[] }>('/users', {
    query: { limit: MEMBERS_LIMIT },
    signal,
  });
  return data.filter((member) => member.isActive && member.role !== 'viewer');
}

export const proposalOwnersQueryOptions = () =>
  queryOptions({
    queryKey: proposalLookupKeys.members(),
    queryFn: ({ signal }) => getProposalOwners(signal),
    staleTime: 5 * 60_000,
  });

export function useProposalOwners(enabled: boolean) {
  return useQuery({ ...proposalOwnersQueryOptions(), enabled });
}
