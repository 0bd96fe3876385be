import { ActionIcon, Badge, NavLink, Stack, Tooltip } from '@mantine/core';
import {
  IconChartBar,
  IconCreditCard,
  IconFileText,
  IconLayoutDashboard,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths, routes, SIDEBAR_PROPOSAL_STATUSES, type SidebarProposalStatus } from '@/config/paths';

const ICON_SIZE = 20;

/** Sidebar labels of the proposal statuses (spec §2 Layout). */
export const PROPOSAL_STATUS_MENU_LABELS: Record<SidebarProposalStatus, string> = {
  draft: 'Rascunho',
  sent: 'Enviadas',
  viewed: 'Visualizadas',
  accepted: 'Aceites',
  rejected: 'Rejeitadas',
};

const SETTINGS_LINKS = [
  { label: 'Geral', to: paths.settings, base: routes.settings },
  { label: 'Templates', to: paths.templates, base: routes.templates },
  { label: 'Produtos', to: paths.products, base: routes.products },
  { label: 'Utilizadores', to: paths.users, base: routes.users },
  { label: 'Equipas', to: paths.teams, base: routes.teams },
] as const;

export interface SidebarNavProps {
  /** Icons only (the collapsed desktop sidebar). */
  collapsed: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
  /** Proposal counts per status; omitted until the proposals feature provides them. */
  proposalCounts?: Partial<Record<SidebarProposalStatus, number>>;
  /** Shows the platform administration link. */
  isSuperadmin?: boolean;
  /**
   * False for a platform account without an organization (a superadmin): it has no proposals, clients or
   * people of its own, so only its settings and the administration are offered.
   */
  hasOrganization?: boolean;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

interface CollapsedItemProps {
  label: string;
  icon: ReactNode;
  to?: string;
  active?: boolean;
  onNavigate?: () => void;
}

function CollapsedItem({ label, icon, to, active = false, onNavigate }: CollapsedItemProps) {
  if (!to) {
    return (
      <Tooltip label={`${label} (em breve)`} position="right" withArrow>
        <ActionIcon
          size={44}
          variant="subtle"
          color="gray"
          aria-label={`${label} (em breve)`}
          aria-disabled="true"
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={label} position="right" withArrow>
      <ActionIcon
        component={Link}
        to={to}
        size={44}
        variant={active ? 'light' : 'subtle'}
        color={active ? 'brand' : 'gray'}
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

interface ItemLinkProps {
  label: string;
  to: string;
  active: boolean;
  icon?: ReactNode;
  rightSection?: ReactNode;
  onNavigate?: () => void;
}

function ItemLink({ label, to, active, icon, rightSection, onNavigate }: ItemLinkProps) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      rightSection={rightSection}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** Opens when the visitor is inside the group, and stays as the visitor leaves it open or closed. */
function useGroupOpen(isInside: boolean): [boolean, (opened: boolean) => void] {
  const [opened, setOpened] = useState(isInside);
  const [wasInside, setWasInside] = useState(isInside);
  if (isInside !== wasInside) {
    setWasInside(isInside);
    if (isInside) setOpened(true);
  }
  return [opened, setOpened];
}

/** The private area's navigation (spec §2 Layout). */
export function SidebarNav({
  collapsed,
  onNavigate,
  proposalCounts,
  isSuperadmin = false,
  hasOrganization = true,
}: SidebarNavProps) {
  const { pathname, search } = useLocation();
  const status = new URLSearchParams(search).get('status');
  const inProposals = isUnder(pathname, routes.proposals);
  const inSettings = SETTINGS_LINKS.some((link) => isUnder(pathname, link.base));
  const [proposalsOpen, setProposalsOpen] = useGroupOpen(inProposals);
  const [settingsOpen, setSettingsOpen] = useGroupOpen(inSettings);

  const icons = {
    dashboard: <IconLayoutDashboard size={ICON_SIZE} aria-hidden="true" />,
    proposals: <IconFileText size={ICON_SIZE} aria-hidden="true" />,
    payments: <IconCreditCard size={ICON_SIZE} aria-hidden="true" />,
    clients: <IconUsers size={ICON_SIZE} aria-hidden="true" />,
    analytics: <IconChartBar size={ICON_SIZE} aria-hidden="true" />,
    settings: <IconSettings size={ICON_SIZE} aria-hidden="true" />,
    admin: <IconShieldLock size={ICON_SIZE} aria-hidden="true" />,
  };

  if (!hasOrganization) {
    const Item = collapsed ? CollapsedItem : ItemLink;
    return (
      <Stack gap={collapsed ? 6 : 2} align={collapsed ? 'center' : 'stretch'}>
        {isSuperadmin && (
          <Item
            label="Administração"
            icon={icons.admin}
            to={paths.adminUsers}
            active={isUnder(pathname, routes.adminUsers)}
            onNavigate={onNavigate}
          />
        )}
        <Item
          label="Configurações"
          icon={icons.settings}
          to={paths.settings}
          active={isUnder(pathname, routes.settings)}
          onNavigate={onNavigate}
        />
      </Stack>
    );
  }

  if (collapsed) {
    return (
      <Stack gap={6} align="center">
        <CollapsedItem
          label="Dashboard"
          icon={icons.dashboard}
          to={paths.dashboard}
          active={isUnder(pathname, routes.dashboard)}
          onNavigate={onNavigate}
        />
        <CollapsedItem
          label="Propostas"
          icon={icons.proposals}
          to={paths.proposals()}
          active={inProposals}
          onNavigate={onNavigate}
        />
        <CollapsedItem label="Pagamentos" icon={icons.payments} />
        <CollapsedItem
          label="Clientes"
          icon={icons.clients}
          to={paths.clients}
          active={isUnder(pathname, routes.clients)}
          onNavigate={onNavigate}
        />
        <CollapsedItem
          label="Analytics"
          icon={icons.analytics}
          to={paths.analytics}
          active={isUnder(pathname, routes.analytics)}
          onNavigate={onNavigate}
        />
        <CollapsedItem
          label="Configurações"
          icon={icons.settings}
          to={paths.settings}
          active={inSettings}
          onNavigate={onNavigate}
        />
        {isSuperadmin && (
          <CollapsedItem
            label="Administração"
            icon={icons.admin}
            to={paths.adminUsers}
            active={isUnder(pathname, routes.adminUsers)}
            onNavigate={onNavigate}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={2}>
      <ItemLink
        label="Dashboard"
        icon={icons.dashboard}
        to={paths.dashboard}
        active={isUnder(pathname, routes.dashboard)}
        onNavigate={onNavigate}
      />
      <NavLink
        component="button"
        type="button"
        label="Propostas"
        leftSection={icons.proposals}
        opened={proposalsOpen}
        onChange={setProposalsOpen}
        aria-expanded={proposalsOpen}
      >
        <ItemLink
          label="Todas"
          to={paths.proposals()}
          active={inProposals && !status}
          onNavigate={onNavigate}
        />
        {SIDEBAR_PROPOSAL_STATUSES.map((value) => {
          const count = proposalCounts?.[value];
          return (
            <ItemLink
              key={value}
              label={PROPOSAL_STATUS_MENU_LABELS[value]}
              to={paths.proposals({ status: value })}
              active={pathname === routes.proposals && status === value}
              rightSection={
                count === undefined ? undefined : (
                  <Badge size="sm" variant="light" color="gray">
                    {count}
                  </Badge>
                )
              }
              onNavigate={onNavigate}
            />
          );
        })}
      </NavLink>
      <NavLink
        component="button"
        type="button"
        label="Pagamentos"
        leftSection={icons.payments}
        rightSection={
          <Badge size="sm" variant="light" color="gray">
            Em breve
          </Badge>
        }
        disabled
        aria-disabled="true"
      />
      <ItemLink
        label="Clientes"
        icon={icons.clients}
        to={paths.clients}
        active={isUnder(pathname, routes.clients)}
        onNavigate={onNavigate}
      />
      <ItemLink
        label="Analytics"
        icon={icons.analytics}
        to={paths.analytics}
        active={isUnder(pathname, routes.analytics)}
        onNavigate={onNavigate}
      />
      <NavLink
        component="button"
        type="button"
        label="Configurações"
        leftSection={icons.settings}
        opened={settingsOpen}
        onChange={setSettingsOpen}
        aria-expanded={settingsOpen}
      >
        {SETTINGS_LINKS.map((link) => (
          <ItemLink
            key={link.to}
            label={link.label}
            to={link.to}
            active={isUnder(pathname, link.base)}
            onNavigate={onNavigate}
          />
        ))}
      </NavLink>
      {isSuperadmin && (
        <ItemLink
          label="Administração"
          icon={icons.admin}
          to={paths.adminUsers}
          active={isUnder(pathname, routes.adminUsers)}
          onNavigate={onNavigate}
        />
      )}
    </Stack>
  );
}
