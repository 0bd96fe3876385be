import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/features/notifications/api/keys';
import { apiClient } from '@/lib/api-client';

export async function deleteNotification(id: string): Promise<void> {
  await apiClient.delete(`/notifications/${encodeURIComponent(id)}`);
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
