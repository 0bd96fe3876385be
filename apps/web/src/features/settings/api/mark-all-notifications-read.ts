import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/features/notifications/api/keys';
import { apiClient, type Envelope } from '@/lib/api-client';

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllNotificationsRead(): Promise<number> {
  const { data } = await apiClient.put<Envelope<{ count: number }>>('/notifications/mark-all-read');
  return data.count;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
