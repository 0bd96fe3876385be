import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planUsageKeys } from '@/api/plan-usage';
import { apiClient } from '@/lib/api-client';
import { usersKeys } from './keys';

/** Removes a pending invitation; its link stops working. */
export async function cancelInvite(token: string): Promise<void> {
  await apiClient.delete(`/users/invites/${encodeURIComponent(token)}`);
}

export function useCancelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvite,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: usersKeys.invites() });
      queryClient.invalidateQueries({ queryKey: planUsageKeys.all });
    },
  });
}
