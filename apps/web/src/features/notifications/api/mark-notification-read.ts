import type { Notification } from '@aceite/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './keys';
import { warnOnFailure } from './warn-on-failure';

export function markNotificationRead(id: string): Promise<unknown> {
  return warnOnFailure('marcar como lida', () =>
    apiClient.put(`/notifications/${encodeURIComponent(id)}/read`),
  );
}

/** Marks one notification read, then refreshes the badge and every list (also the settings tab's). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Pick<Notification, 'id'>) => markNotificationRead(notification.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
