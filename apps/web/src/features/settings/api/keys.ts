import { notificationKeys } from '@/features/notifications/api/keys';

export interface NotificationsPageParams {
  page: number;
  unreadOnly: boolean;
}

export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  organization: () => [...settingsKeys.all, 'organization'] as const,
  branding: () => [...settingsKeys.all, 'branding'] as const,
  // The full list of the Notificações tab lives under the bell's keys, so a change made in either place
  // (read, all read, delete) refreshes the badge, the bell's list and this tab together.
  notifications: () => [...notificationKeys.all, 'settings-tab'] as const,
  notificationsPage: (params: NotificationsPageParams) => [...settingsKeys.notifications(), params] as const,
};
