import type { Member, UpdateUserInput } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { usersKeys } from './keys';

/** Admins edit a member's names, role and team; an admin's own role is refused (403). */
export async function updateUser(id: string, input: UpdateUserInput): Promise<Member> {
  const { data } = await apiClient.put<Envelope<Member>>(`/users/${encodeURIComponent(id)}`, input);
  return data;
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(id, input),
    onSuccess: (member) => {
      queryClient.setQueryData(usersKeys.detail(id), member);
      return refetchAfterWrite(queryClient, usersKeys.lists());
    },
  });
}
