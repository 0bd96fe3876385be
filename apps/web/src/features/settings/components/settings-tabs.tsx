import { Divider, Paper, Stack, Tabs } from '@mantine/core';
import {
  IconBell,
  IconBuilding,
  IconBuildingBank,
  IconGauge,
  IconLock,
  IconPlugConnected,
  IconShieldLock,
  IconUser,
} from '@tabler/icons-react';
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

// Admins only, below the organization's form: the sender of its emails to clients (docs/product.md#white-label).
const EmailSenderPanel = lazy(async () => ({
  default: (await import('./email-sender-panel')).EmailSenderPanel,
}));

// Admins only, on request: the plan and its usage (docs/product.md#plans).
const PlanPanel = lazy(async () => ({ default: (await import('./plan-panel')).PlanPanel }));

// Admins only, on request: the SEPA Direct Debit creditor (docs/product.md#sepa-direct-debit).
const PaymentsPanel = lazy(async () => ({ default: (await import('./payments-panel')).PaymentsPanel }));

export const SETTINGS_TABS = [
  'perfil',
  'password',
  'notificacoes',
  'organizacao',
  'plano',
  'pagamentos',
  'integracoes',
  'seguranca',
] as const;
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
   * The Integrações tab's content (admins): the sections of the API keys and webhooks features, composed by the
   * settings route (docs/product.md#api-keys).
   */
  integrationsPanel?: (report: ReportMessage) => ReactNode;
  /**
   * The Segurança tab's content (admins): the single sign-on connection, composed by the settings route
   * (docs/product.md#single-sign-on).
   */
  securityPanel?: (report: ReportMessage) => ReactNode;
}

/**
 * /settings: Perfil, Alterar Password, Notificações and, for admins, Organização, Plano, Pagamentos,
 * Integrações and Segurança.
 */
export function SettingsTabs({
  tab,
  onTabChange,
  isAdmin,
  hasOrganization = true,
  onProfileSaved,
  notificationsPanel,
  integrationsPanel,
  securityPanel,
}: SettingsTabsProps) {
  const [message, setMessage] = useState<SettingsMessage | null>(null);
  const offered = (value: SettingsTab) =>
    value === 'organizacao' ||
    value === 'plano' ||
    value === 'pagamentos' ||
    value === 'integracoes' ||
    value === 'seguranca'
      ? isAdmin
      : value === 'notificacoes'
        ? hasOrganization
        : true;
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
        {isAdmin && (
          <Tabs.Tab value="plano" leftSection={<IconGauge size={16} aria-hidden="true" />}>
            Plano
          </Tabs.Tab>
        )}
        {isAdmin && (
          <Tabs.Tab value="pagamentos" leftSection={<IconBuildingBank size={16} aria-hidden="true" />}>
            Pagamentos
          </Tabs.Tab>
        )}
        {isAdmin && integrationsPanel && (
          <Tabs.Tab value="integracoes" leftSection={<IconPlugConnected size={16} aria-hidden="true" />}>
            Integrações
          </Tabs.Tab>
        )}
        {isAdmin && securityPanel && (
          <Tabs.Tab value="seguranca" leftSection={<IconShieldLock size={16} aria-hidden="true" />}>
            Segurança
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
            <Stack gap="xl">
              <Suspense fallback={<LoadingState label="A carregar a organização…" />}>
                <OrganizationForm onMessage={setMessage} />
              </Suspense>
              <Divider />
              <Suspense fallback={<LoadingState label="A carregar o remetente dos emails…" />}>
                <EmailSenderPanel onMessage={setMessage} />
              </Suspense>
            </Stack>,
          )}
        {isAdmin &&
          panel(
            'plano',
            <Suspense fallback={<LoadingState label="A carregar o plano…" />}>
              <PlanPanel />
            </Suspense>,
          )}
        {isAdmin &&
          panel(
            'pagamentos',
            <Suspense fallback={<LoadingState label="A carregar os dados de cobrança…" />}>
              <PaymentsPanel onMessage={setMessage} />
            </Suspense>,
          )}
        {isAdmin && integrationsPanel && panel('integracoes', integrationsPanel(setMessage))}
        {isAdmin && securityPanel && panel('seguranca', securityPanel(setMessage))}
      </Paper>
    </Tabs>
  );
}
