/** The Notificações tab's page of the list. */
export interface NotificationsPageParams {
  page: number;
  unreadOnly: boolean;
}

// Every notifications query lives under `all`, so a change made anywhere (read, all read, delete) refreshes
// the bell's badge and list and the settings tab together.
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: { limit: number; page?: number; unreadOnly?: boolean }) =>
    [...notificationKeys.lists(), params] as const,
  settingsTab: () => [...notificationKeys.all, 'settings-tab'] as const,
  page: (params: NotificationsPageParams) => [...notificationKeys.settingsTab(), params] as const,
};
