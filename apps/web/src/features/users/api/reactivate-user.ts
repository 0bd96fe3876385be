import type { Member } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { usersKeys } from './keys';

/** Gives a deactivated member their account back (admins only); they sign in again. */
export async function reactivateUser(id: string): Promise<Member> {
  const { data } = await apiClient.post<Envelope<Member>>(`/users/${encodeURIComponent(id)}/reactivate`);
  return data;
}

export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: (member) => {
      queryClient.setQueryData(usersKeys.detail(member.id), member);
      return refetchAfterWrite(queryClient, usersKeys.lists());
    },
  });
}
