import type { AuthSession } from '@aceite/shared/schemas/auth';
import type { AcceptInviteInputSchema } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { setAuth } from '@/lib/auth-store';
import { usersKeys } from './keys';

export type AcceptInviteInput = z.input<typeof AcceptInviteInputSchema>;

/** Creates the invited account and answers a session, like a login. */
export async function acceptInvite(token: string, input: AcceptInviteInput): Promise<AuthSession> {
  const { data } = await apiClient.post<Envelope<AuthSession>>(
    `/invites/${encodeURIComponent(token)}/accept`,
    input,
  );
  return data;
}

/** Accepts the invitation and signs the new user in (the auth store's `setAuth`). */
export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInviteInput) => acceptInvite(token, input),
    // Nothing cached for a previous visitor may leak into the new session; the invitation on screen stays.
    onMutate: () =>
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== usersKeys.invitation(token)[0],
      }),
    onSuccess: ({ user, accessToken, refreshToken }) => setAuth(user, { accessToken, refreshToken }),
  });
}
