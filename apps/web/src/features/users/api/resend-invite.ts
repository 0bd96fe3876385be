import type { Invite } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { usersKeys } from './keys';

/** Emails a fresh link and renews the expiry; the previous link stops working. */
export async function resendInvite(token: string): Promise<Invite> {
  const { data } = await apiClient.post<Envelope<Invite>>(
    `/users/invites/${encodeURIComponent(token)}/resend`,
  );
  return data;
}

export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.invites() }),
  });
}
