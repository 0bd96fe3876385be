export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: { limit: number; page?: number; unreadOnly?: boolean }) =>
    [...notificationKeys.lists(), params] as const,
};
