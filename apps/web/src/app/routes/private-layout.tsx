import { MainLayout } from '@/components/layouts/main-layout';
import { useMe } from '@/features/auth/api/get-me';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSidebarProposalCounts } from '@/features/proposals/api/get-proposal-stats';

/** The frame of every private screen; it also refreshes the signed-in user from the server. */
export function PrivateLayout() {
  useMe();
  const proposalCounts = useSidebarProposalCounts();
  return <MainLayout topBarActions={<NotificationBell />} proposalCounts={proposalCounts} />;
}
