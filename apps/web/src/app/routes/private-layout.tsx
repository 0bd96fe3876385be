import { MainLayout } from '@/components/layouts/main-layout';
import { useMe } from '@/features/auth/api/get-me';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useSidebarProposalCounts } from '@/features/proposals/api/get-proposal-stats';
import { useOrganizationBranding } from '@/features/settings/api/get-organization-branding';
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
  // The organization's logo in the top bar; never asked for by an account without one.
  const { data: branding } = useOrganizationBranding(hasOrganization);
  return (
    <>
      <MainLayout
        topBarActions={hasOrganization ? <NotificationBell /> : null}
        proposalCounts={proposalCounts}
        branding={branding}
      />
      <SessionExpiredDialog />
    </>
  );
}
