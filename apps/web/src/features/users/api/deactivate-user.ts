import type { Member } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { usersKeys } from './keys';

/** Deactivates a member (data kept, sessions revoked); admins only, never themselves. */
export async function deactivateUser(id: string): Promise<Member> {
  const { data } = await apiClient.delete<Envelope<Member>>(`/users/${encodeURIComponent(id)}`);
  return data;
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: (member) => {
      queryClient.setQueryData(usersKeys.detail(member.id), member);
      return refetchAfterWrite(queryClient, usersKeys.lists());
    },
  });
}
