import { NotificationSchema, NotificationsMetaSchema } from '@aceite/shared/schemas/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { type NotificationsPageParams, notificationKeys } from './keys';
import { warnOnFailure } from './warn-on-failure';

/** The bell's dropdown lists the latest 10 (docs/product.md#limits-and-defaults). */
export const BELL_LIMIT = 10;
/** The settings list shows 20 notifications per page (docs/product.md#limits-and-defaults). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

const NotificationsResponse = z.object({
  data: z.array(NotificationSchema),
  meta: NotificationsMetaSchema,
});
export type NotificationsPage = z.infer<typeof NotificationsResponse>;

/** One page of the caller's notifications, newest first (read and unread, or unread only). */
export async function getNotifications(
  params: { limit: number; page?: number; unreadOnly?: boolean },
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const body = await apiClient.get('/notifications', {
    query: { page: params.page, limit: params.limit, unreadOnly: params.unreadOnly ? 'true' : undefined },
    signal,
  });
  return NotificationsResponse.parse(body);
}

/** The bell's latest notifications, newest first (read and unread). */
export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list({ limit: BELL_LIMIT }),
    queryFn: ({ signal }) => warnOnFailure('lista', () => getNotifications({ limit: BELL_LIMIT }, signal)),
    // Opening the bell always shows the current list (the cached one meanwhile).
    staleTime: 0,
    retry: false,
  });

export function useLatestNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...latestNotificationsQueryOptions(), enabled });
}

/** One page of the Notificações tab; the previous page stays on screen while the next loads. */
export const notificationsPageQueryOptions = (params: NotificationsPageParams) =>
  queryOptions({
    queryKey: notificationKeys.page(params),
    queryFn: ({ signal }) =>
      getNotifications(
        { page: params.page, limit: NOTIFICATIONS_PAGE_SIZE, unreadOnly: params.unreadOnly },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useNotificationsPage(params: NotificationsPageParams) {
  return useQuery(notificationsPageQueryOptions(params));
}
