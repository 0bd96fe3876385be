import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './keys';
import { warnOnFailure } from './warn-on-failure';

export function markAllNotificationsRead(): Promise<unknown> {
  return warnOnFailure('marcar todas como lidas', () => apiClient.put('/notifications/mark-all-read'));
}

/** Marks every notification of the caller read, then refreshes the badge and every list. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.setQueryData(notificationKeys.unreadCount(), 0),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
