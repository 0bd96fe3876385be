import type { InvitationSchema } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { usersKeys } from './keys';

export type Invitation = z.infer<typeof InvitationSchema>;

/** The invitation behind an emailed link (public); 400 INVALID_TOKEN when expired, cancelled or used. */
export async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  const { data } = await apiClient.get<Envelope<Invitation>>(`/invites/${encodeURIComponent(token)}`, {
    signal,
  });
  return data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: usersKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
