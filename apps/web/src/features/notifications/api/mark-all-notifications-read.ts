import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllNotificationsRead(): Promise<number> {
  const { data } = await apiClient.put<Envelope<{ count: number }>>('/notifications/mark-all-read');
  return data.count;
}

/**
 * Marks every notification read: the badge drops to 0 at once, then the badge and every list are refreshed.
 * `onError` as in `useMarkNotificationRead`.
 */
export function useMarkAllNotificationsRead({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onError,
    onSuccess: () => queryClient.setQueryData(notificationKeys.unreadCount(), 0),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
