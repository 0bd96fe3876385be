import { NotificationSchema, NotificationsMetaSchema } from '@aceite/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './keys';
import { warnOnFailure } from './warn-on-failure';

/** Spec §9: the bell's dropdown lists the latest 10. */
export const BELL_LIMIT = 10;

const NotificationsResponse = z.object({
  data: z.array(NotificationSchema),
  meta: NotificationsMetaSchema,
});
export type NotificationsPage = z.infer<typeof NotificationsResponse>;

export function getNotifications(
  params: { limit: number; page?: number; unreadOnly?: boolean },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  return warnOnFailure('lista', async () => {
    const body = await apiClient.get('/notifications', {
      query: { page: params.page, limit: params.limit, unreadOnly: params.unreadOnly },
      signal,
    });
    return NotificationsResponse.parse(body);
  });
}

/** The latest notifications, newest first (read and unread). */
export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list({ limit: BELL_LIMIT }),
    queryFn: ({ signal }) => getNotifications({ limit: BELL_LIMIT }, signal),
    // Opening the bell always shows the current list (the cached one meanwhile).
    staleTime: 0,
    retry: false,
  });

export function useLatestNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...latestNotificationsQueryOptions(), enabled });
}
