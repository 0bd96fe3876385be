import type { Notification, NotificationsMetaSchema } from '@aceite/shared/schemas/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { type NotificationsPageParams, settingsKeys } from './keys';

/** The settings list shows 20 notifications per page (spec §9). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationsPage {
  data: Notification[];
  meta: z.infer<typeof NotificationsMetaSchema>;
}

/** One page of the caller's notifications, newest first. */
export function getNotifications(
  params: NotificationsPageParams,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  return apiClient.get<NotificationsPage>('/notifications', {
    query: {
      page: params.page,
      limit: NOTIFICATIONS_PAGE_SIZE,
      unreadOnly: params.unreadOnly ? 'true' : undefined,
    },
    signal,
  });
}

export const notificationsPageQueryOptions = (params: NotificationsPageParams) =>
  queryOptions({
    queryKey: settingsKeys.notificationsPage(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNotificationsPage(params: NotificationsPageParams) {
  return useQuery(notificationsPageQueryOptions(params));
}
