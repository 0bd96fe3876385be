import type { Invite } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { usersKeys } from './keys';

/** Pending invitations of the organization, newest first (admins only). */
export async function getPendingInvites(signal?: AbortSignal): Promise<Invite[]> {
  const { data } = await apiClient.get<Envelope<Invite[]>>('/users/invites', {
    query: { status: 'pending' },
    signal,
  });
  return data;
}

export const pendingInvitesQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.invites(), queryFn: ({ signal }) => getPendingInvites(signal) });

export function usePendingInvites({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pendingInvitesQueryOptions(), enabled });
}
