import type { Member } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
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
    // A list read already in flight could answer with the old row after the write: cancel it so the
    // invalidation below refetches (TanStack does not cancel a first fetch on its own).
    onMutate: () => queryClient.cancelQueries({ queryKey: usersKeys.lists() }),
    onSuccess: (member) => {
      queryClient.setQueryData(usersKeys.detail(member.id), member);
      return queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}
