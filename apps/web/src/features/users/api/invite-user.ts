import type { Invite, InviteInput } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planUsageKeys } from '@/api/plan-usage';
import { apiClient, type Envelope } from '@/lib/api-client';
import { usersKeys } from './keys';

/** Sends an invitation email; 409 when the email has an account or a pending invitation. */
export async function inviteUser(input: InviteInput): Promise<Invite> {
  const { data } = await apiClient.post<Envelope<Invite>>('/users/invite', input);
  return data;
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: usersKeys.invites() });
      // A pending invitation takes a place of the plan (docs/product.md#plans).
      queryClient.invalidateQueries({ queryKey: planUsageKeys.all });
    },
  });
}
