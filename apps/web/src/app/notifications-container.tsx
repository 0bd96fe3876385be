import { Notifications } from '@mantine/notifications';

/** The toasts' container, a module of its own so that providers.tsx can load it lazily. */
export function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
