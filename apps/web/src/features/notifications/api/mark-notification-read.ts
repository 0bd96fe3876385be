import type { Notification } from '@aceite/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { notificationKeys } from './keys';

export async function markNotificationRead(id: string): Promise<Notification> {
  const { data } = await apiClient.put<Envelope<Notification>>(
    `/notifications/${encodeURIComponent(id)}/read`,
  );
  return data;
}

/**
 * Marks one notification read (by id), then refreshes the badge and every list, the bell's and the settings
 * tab's, whether or not it succeeded. `onError` is how each screen reports a failure: the bell only logs it,
 * the settings tab shows it.
 */
export function useMarkNotificationRead({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
