import { can, isPlatformAdmin, type Permission, type Role } from '@aceite/shared/permissions';
import { SIDEBAR_STATUSES } from '@aceite/shared/proposal-status';
import {
  IconChartBar,
  IconCreditCard,
  IconFileText,
  IconLayoutDashboard,
  type IconProps,
  IconSettings,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { AWAITING_MY_APPROVAL, paths, routes } from '@/config/paths';

/** The statuses the sidebar links to, with their counts. */
export type SidebarStatus = (typeof SIDEBAR_STATUSES)[number];
/** What a sidebar link counts: a status, or the proposals awaiting the viewer's approval. */
export type SidebarCount = SidebarStatus | 'awaitingMyApproval';

/** Where the visitor is: the path and the proposals list's `?status=`. */
export interface NavLocation {
  pathname: string;
  status: string | null;
}

/** Who the sidebar is for. `role` is undefined while the user loads; so is a platform admin's link. */
export interface NavViewer {
  role: Role | undefined;
  /** False for a platform account without an organization (a superadmin). */
  hasOrganization: boolean;
}

/** What an item needs to be listed (all of them must hold). */
export type NavRequirement = 'organization' | 'platform-admin' | { permission: Permission };

export interface NavChild {
  id: string;
  label: string;
  to: string;
  isActive: (location: NavLocation) => boolean;
  /** The proposal status whose count the link shows. */
  countOf?: SidebarCount;
  requires?: readonly NavRequirement[];
}

export interface NavItem {
  id: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Absent for an item that is not there yet ("em breve"). */
  to?: string;
  isActive: (location: NavLocation) => boolean;
  /** Expanded, the item is a group of these; collapsed, a link to `to`, also active under its children. */
  children?: readonly NavChild[];
  requires?: readonly NavRequirement[];
}

export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

const under =
  (base: string) =>
  ({ pathname }: NavLocation) =>
    isUnder(pathname, base);

/**
 * Sidebar labels of the proposal statuses (docs/product.md#screens-and-navigation): plural, unlike the
 * badges.
 */
export const STATUS_MENU_LABELS: Record<SidebarStatus, string> = {
  draft: 'Rascunho',
  sent: 'Enviadas',
  viewed: 'Visualizadas',
  accepted: 'Aceites',
  rejected: 'Rejeitadas',
};

const ORGANIZATION: readonly NavRequirement[] = ['organization'];

const PROPOSAL_LINKS: readonly NavChild[] = [
  {
    id: 'proposals-all',
    label: 'Todas',
    to: paths.proposals(),
    isActive: ({ pathname, status }) => isUnder(pathname, routes.proposals) && !status,
  },
  ...SIDEBAR_STATUSES.map(
    (value): NavChild => ({
      id: `proposals-${value}`,
      label: STATUS_MENU_LABELS[value],
      to: paths.proposals({ status: value }),
      isActive: ({ pathname, status }) => pathname === routes.proposals && status === value,
      countOf: value,
    }),
  ),
  {
    // The approval queue (docs/product.md#approvals), for those who may approve.
    id: 'proposals-to-approve',
    label: 'Para aprovar',
    to: paths.proposals({ status: AWAITING_MY_APPROVAL }),
    isActive: ({ pathname, status }) => pathname === routes.proposals && status === AWAITING_MY_APPROVAL,
    countOf: 'awaitingMyApproval',
    requires: [{ permission: 'proposal:approve' }],
  },
];

/** The organization's settings and catalogue; a platform account has only its own settings. */
const SETTINGS_LINKS: readonly NavChild[] = [
  { id: 'settings-general', label: 'Geral', to: paths.settings, isActive: under(routes.settings) },
  ...(
    [
      ['templates', 'Modelos', paths.templates, routes.templates],
      ['content-blocks', 'Blocos', paths.contentBlocks, routes.contentBlocks],
      ['products', 'Produtos', paths.products, routes.products],
      ['users', 'Utilizadores', paths.users, routes.users],
      ['teams', 'Equipas', paths.teams, routes.teams],
    ] as const
  ).map(
    ([id, label, to, base]): NavChild => ({
      id: `settings-${id}`,
      label,
      to,
      isActive: under(base),
      requires: ORGANIZATION,
    }),
  ),
];

/**
 * Every item of the private area's sidebar, in its order (docs/product.md#screens-and-navigation). Rendered
 * expanded, collapsed (icons only) and for a platform account by `sidebar-nav.tsx`; what a viewer sees is
 * `visibleNavItems`.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    id: 'dashboard',
    label: 'Painel',
    icon: IconLayoutDashboard,
    to: paths.dashboard,
    isActive: under(routes.dashboard),
    requires: ORGANIZATION,
  },
  {
    id: 'proposals',
    label: 'Propostas',
    icon: IconFileText,
    to: paths.proposals(),
    isActive: under(routes.proposals),
    children: PROPOSAL_LINKS,
    requires: ORGANIZATION,
  },
  {
    id: 'payments',
    label: 'Pagamentos',
    icon: IconCreditCard,
    // Mandates, collections and the SEPA file (docs/product.md#mandates-collections-and-the-file).
    to: paths.payments(),
    isActive: under(routes.payments),
    requires: [...ORGANIZATION, { permission: 'payments:read' }],
  },
  {
    id: 'clients',
    label: 'Clientes',
    icon: IconUsers,
    to: paths.clients,
    isActive: under(routes.clients),
    requires: ORGANIZATION,
  },
  {
    id: 'analytics',
    label: 'Análises',
    icon: IconChartBar,
    to: paths.analytics,
    isActive: under(routes.analytics),
    requires: ORGANIZATION,
  },
  {
    id: 'settings',
    label: 'Configurações',
    icon: IconSettings,
    to: paths.settings,
    isActive: under(routes.settings),
    children: SETTINGS_LINKS,
  },
  {
    id: 'admin',
    label: 'Administração',
    icon: IconShieldLock,
    to: paths.adminUsers,
    // The users and the organizations with their plans (docs/product.md#platform-administration).
    isActive: under(routes.admin),
    requires: ['platform-admin'],
  },
];

function meets(viewer: NavViewer, requires: readonly NavRequirement[] = []): boolean {
  return requires.every((requirement) => {
    if (requirement === 'organization') return viewer.hasOrganization;
    if (viewer.role === undefined) return false;
    if (requirement === 'platform-admin') return isPlatformAdmin({ role: viewer.role });
    return can(viewer.role, requirement.permission);
  });
}

/**
 * The items (and children) this viewer may see, in order. A platform account without an organization has
 * only its administration and settings, its own area first.
 */
export function visibleNavItems(viewer: NavViewer, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  const visible = items
    .filter((item) => meets(viewer, item.requires))
    .map((item) => {
      if (!item.children) return item;
      const children = item.children.filter((child) => meets(viewer, child.requires));
      // A group left with only its own page is a plain link.
      return children.length > 1 ? { ...item, children } : { ...item, children: undefined };
    });
  if (viewer.hasOrganization) return visible;
  return [
    ...visible.filter((item) => item.requires?.includes('platform-admin')),
    ...visible.filter((item) => !item.requires?.includes('platform-admin')),
  ];
}

/** The item, or any of its children, is where the visitor is. */
export function isItemActive(item: NavItem, location: NavLocation): boolean {
  return item.isActive(location) || (item.children ?? []).some((child) => child.isActive(location));
}
