import { MainLayout } from '@/components/layouts/main-layout';
import { useMe } from '@/features/auth/api/get-me';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSidebarProposalCounts } from '@/features/proposals/api/get-proposal-stats';
import { useAuthStore } from '@/lib/auth-store';
import { SessionExpiredDialog } from '../session-expired-dialog';

/**
 * The frame of every private screen; it also refreshes the signed-in user from the server. A platform account
 * without an organization (superadmin) has no proposals or notifications: no counts and no bell.
 */
export function PrivateLayout() {
  useMe();
  const hasOrganization = useAuthStore((state) => state.user?.organization != null);
  const proposalCounts = useSidebarProposalCounts({ enabled: hasOrganization });
  return (
    <>
      <MainLayout
        topBarActions={hasOrganization ? <NotificationBell /> : null}
        proposalCounts={proposalCounts}
      />
      <SessionExpiredDialog />
    </>
  );
}
