import type { Notification } from '@aceite/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/features/notifications/api/keys';
import { apiClient, type Envelope } from '@/lib/api-client';

export async function markNotificationRead(id: string): Promise<Notification> {
  const { data } = await apiClient.put<Envelope<Notification>>(
    `/notifications/${encodeURIComponent(id)}/read`,
  );
  return data;
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
