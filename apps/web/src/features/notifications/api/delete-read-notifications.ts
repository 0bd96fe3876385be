import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** Deletes every read notification of the caller; answers how many were removed. */
export async function deleteReadNotifications(): Promise<number> {
  const { data } = await apiClient.delete<Envelope<{ count: number }>>('/notifications');
  return data.count;
}

export function useDeleteReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReadNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
