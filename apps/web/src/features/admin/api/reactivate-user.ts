import type { AdminUser } from '@aceite/shared/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { adminKeys } from './keys';

/** A superadmin gives a deactivated account back (recorded in the audit log); they sign in again. */
export async function reactivateAnyUser(id: string): Promise<AdminUser> {
  const { data } = await apiClient.post<Envelope<AdminUser>>(
    `/admin/users/${encodeURIComponent(id)}/reactivate`,
  );
  return data;
}

export function useReactivateAnyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateAnyUser,
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.users()),
  });
}
