import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { authKeys } from '@/features/auth/api/keys';
import { notificationKeys } from '@/features/notifications/api/keys';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { isSettingsTab, type SettingsTab, SettingsTabs } from '@/features/settings/components/settings-tabs';
import { useAuthStore } from '@/lib/auth-store';
import { useCan } from '@/lib/authorization';

// Admins only, on request: loaded when the Integrações tab opens, not with the settings page.
const ApiKeysSection = lazy(async () => ({
  default: (await import('@/features/api-keys/components/api-keys-section')).ApiKeysSection,
}));
// Admins only, opened on request: loaded with its tab, not with the page (the route's 300 KB budget).
const WebhooksSection = lazy(async () => ({
  default: (await import('@/features/webhooks/components/webhooks-section')).WebhooksSection,
}));

// Admins only, on request: the single sign-on connection (docs/product.md#single-sign-on), with its tab.
const SecurityTab = lazy(async () => ({ default: (await import('./security-tab')).SecurityTab }));

export function SettingsPage() {
  const queryClient = useQueryClient();
  const canManageOrganization = useCan('organization:manage') === true;
  const hasOrganization = useAuthStore((state) => state.user?.organization != null);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'perfil';

  return (
    <>
      <DocumentTitle title="Configurações" />
      <PageHeader title="Configurações" description="O seu perfil, a sua password e as suas notificações." />
      <SettingsTabs
        tab={tab}
        // The open tab lives in the address, so a reload or a shared link keeps it.
        onTabChange={(next) => setSearchParams(next === 'perfil' ? {} : { tab: next }, { replace: true })}
        isAdmin={hasOrganization && canManageOrganization}
        hasOrganization={hasOrganization}
        // The top bar shows the signed-in user's name.
        onProfileSaved={() => queryClient.invalidateQueries({ queryKey: authKeys.me() })}
        integrationsPanel={(report) => (
          <Suspense fallback={<LoadingState label="A carregar as integrações…" />}>
            <Stack gap="lg">
              <ApiKeysSection onMessage={report} />
              <WebhooksSection />
            </Stack>
          </Suspense>
        )}
        securityPanel={(report) => (
          <Suspense fallback={<LoadingState label="A carregar a ligação SSO…" />}>
            <SecurityTab onMessage={report} />
          </Suspense>
        )}
        notificationsPanel={(report) => (
          <NotificationsPanel
            onMessage={report}
            // The top-bar bell shows the unread count and the latest notifications.
            onChanged={() => queryClient.invalidateQueries({ queryKey: notificationKeys.all })}
          />
        )}
      />
    </>
  );
}
