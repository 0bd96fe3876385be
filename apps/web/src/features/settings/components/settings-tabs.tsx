import { Paper, Tabs } from '@mantine/core';
import { IconBell, IconBuilding, IconLock, IconPlugConnected, IconUser } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { type ReportMessage, type SettingsMessage, SettingsMessageAlert } from './settings-message';
import classes from './settings-tabs.module.css';

// Admins only, and the largest tab (logo, colour, proposal defaults): loaded after the page, not with it.
const OrganizationForm = lazy(async () => ({
  default: (await import('./organization-form')).OrganizationForm,
}));

export const SETTINGS_TABS = ['perfil', 'password', 'notificacoes', 'organizacao', 'integracoes'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function isSettingsTab(value: string | null): value is SettingsTab {
  return (SETTINGS_TABS as readonly (string | null)[]).includes(value);
}

interface SettingsTabsProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
  /** Only admins see Organização (docs/product.md#roles-and-permissions). */
  isAdmin: boolean;
  /** False for a platform account (superadmin): no organization, so no Notificações either. */
  hasOrganization?: boolean;
  /** After the profile is saved (the top bar shows the name). */
  onProfileSaved?: () => void;
  /**
   * The Notificações tab's content, composed by the settings route (it belongs to the notifications feature);
   * it reports its outcomes through `report` like the other tabs.
   */
  notificationsPanel?: (report: ReportMessage) => ReactNode;
  /**
   * The Integrações tab's content (webhooks; admins only), composed by the settings route like the
   * notifications panel. Without it the tab is not offered.
   */
  integrationsPanel?: ReactNode;
}

/** /settings: Perfil, Alterar Password, Notificações and, for admins, Organização. */
export function SettingsTabs({
  tab,
  onTabChange,
  isAdmin,
  hasOrganization = true,
  onProfileSaved,
  notificationsPanel,
  integrationsPanel,
}: SettingsTabsProps) {
  const [message, setMessage] = useState<SettingsMessage | null>(null);
  const offered = (value: SettingsTab) => {
    if (value === 'organizacao') return isAdmin;
    if (value === 'notificacoes') return hasOrganization;
    if (value === 'integracoes') return hasOrganization && integrationsPanel !== undefined;
    return true;
  };
  const active: SettingsTab = offered(tab) ? tab : 'perfil';

  const panel = (value: SettingsTab, content: ReactNode) => (
    <Tabs.Panel value={value}>
      {active === value && message && (
        <SettingsMessageAlert message={message} onClose={() => setMessage(null)} />
      )}
      {content}
    </Tabs.Panel>
  );

  return (
    <Tabs
      value={active}
      classNames={{ list: classes.list, tab: classes.tab }}
      onChange={(value) => {
        if (!isSettingsTab(value) || value === active) return;
        // Changing tab clears messages (docs/product.md#settings).
        setMessage(null);
        onTabChange(value);
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="perfil" leftSection={<IconUser size={16} aria-hidden="true" />}>
          Perfil
        </Tabs.Tab>
        <Tabs.Tab value="password" leftSection={<IconLock size={16} aria-hidden="true" />}>
          Alterar Password
        </Tabs.Tab>
        {hasOrganization && (
          <Tabs.Tab value="notificacoes" leftSection={<IconBell size={16} aria-hidden="true" />}>
            Notificações
          </Tabs.Tab>
        )}
        {isAdmin && (
          <Tabs.Tab value="organizacao" leftSection={<IconBuilding size={16} aria-hidden="true" />}>
            Organização
          </Tabs.Tab>
        )}
        {offered('integracoes') && (
          <Tabs.Tab value="integracoes" leftSection={<IconPlugConnected size={16} aria-hidden="true" />}>
            Integrações
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="md">
        {panel('perfil', <ProfileForm onMessage={setMessage} onSaved={onProfileSaved} />)}
        {panel('password', <ChangePasswordForm onMessage={setMessage} />)}
        {hasOrganization && panel('notificacoes', notificationsPanel?.(setMessage))}
        {isAdmin &&
          panel(
            'organizacao',
            <Suspense fallback={<LoadingState label="A carregar a organização…" />}>
              <OrganizationForm onMessage={setMessage} />
            </Suspense>,
          )}
        {offered('integracoes') && panel('integracoes', integrationsPanel)}
      </Paper>
    </Tabs>
  );
}
