import { MainLayout } from '@/components/layouts/main-layout';
import { NotificationBellPlaceholder } from '@/components/layouts/notification-bell-placeholder';
import { useMe } from '@/features/auth/api/get-me';

/** The frame of every private screen; it also refreshes the signed-in user from the server. */
export function PrivateLayout() {
  useMe();
  return <MainLayout topBarActions={<NotificationBellPlaceholder />} />;
}
