export interface NotificationsPageParams {
  page: number;
  unreadOnly: boolean;
}

export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  organization: () => [...settingsKeys.all, 'organization'] as const,
  // The full list of the Notificações tab; the top-bar bell keeps its own keys.
  notifications: () => [...settingsKeys.all, 'notifications'] as const,
  notificationsPage: (params: NotificationsPageParams) => [...settingsKeys.notifications(), params] as const,
};
