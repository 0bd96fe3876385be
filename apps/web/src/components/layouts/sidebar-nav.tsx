import type { Role } from '@aceite/shared/permissions';
import { ActionIcon, Badge, NavLink, Stack, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  isItemActive,
  type NavItem,
  type NavLocation,
  type SidebarCount,
  visibleNavItems,
} from './nav-items';

const ICON_SIZE = 20;

export interface SidebarNavProps {
  /** Icons only (the collapsed desktop sidebar). */
  collapsed: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
  /** Proposal counts per status; omitted until the proposals feature provides them. */
  proposalCounts?: Partial<Record<SidebarCount, number>>;
  /** The signed-in role; undefined while the user loads. */
  role?: Role;
  /**
   * False for a platform account without an organization (a superadmin): it has no proposals, clients or
   * people of its own, so only its settings and the administration are offered.
   */
  hasOrganization?: boolean;
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

const soonBadge = (
  <Badge size="sm" variant="light" color="gray">
    Em breve
  </Badge>
);

/**
 * Which groups are open: a group opens when the visitor enters it and then stays as the visitor leaves it
 * (open or closed), across collapsing and expanding the sidebar.
 */
function useGroupsOpen(
  inside: Record<string, boolean>,
): [Record<string, boolean>, (id: string, opened: boolean) => void] {
  const [opened, setOpened] = useState(inside);
  const [wasInside, setWasInside] = useState(inside);
  const entered = Object.keys(inside).filter((id) => inside[id] !== wasInside[id]);
  if (entered.length > 0) {
    setWasInside(inside);
    const next = { ...opened };
    for (const id of entered) if (inside[id]) next[id] = true;
    setOpened(next);
  }
  return [opened, (id, value) => setOpened((current) => ({ ...current, [id]: value }))];
}

/**
 * The private area's navigation (docs/product.md#screens-and-navigation): the items of `nav-items.ts` this
 * viewer may see.
 */
export function SidebarNav({
  collapsed,
  onNavigate,
  proposalCounts,
  role,
  hasOrganization = true,
}: SidebarNavProps) {
  const { pathname, search } = useLocation();
  const location: NavLocation = { pathname, status: new URLSearchParams(search).get('status') };
  const items = visibleNavItems({ role, hasOrganization });
  const inside = Object.fromEntries(
    items.filter((item) => item.children).map((item) => [item.id, isItemActive(item, location)]),
  );
  const [groupsOpen, setGroupOpen] = useGroupsOpen(inside);
  const icon = (item: NavItem) => <item.icon size={ICON_SIZE} aria-hidden="true" />;

  if (collapsed) {
    return (
      <Stack gap={6} align="center">
        {items.map((item) => (
          <CollapsedItem
            key={item.id}
            label={item.label}
            icon={icon(item)}
            to={item.to}
            active={isItemActive(item, location)}
            onNavigate={item.to ? onNavigate : undefined}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap={2}>
      {items.map((item) => {
        if (!item.to) {
          return (
            <NavLink
              key={item.id}
              component="button"
              type="button"
              label={item.label}
              leftSection={icon(item)}
              rightSection={soonBadge}
              disabled
              aria-disabled="true"
            />
          );
        }
        if (!item.children) {
          return (
            <ItemLink
              key={item.id}
              label={item.label}
              icon={icon(item)}
              to={item.to}
              active={isItemActive(item, location)}
              onNavigate={onNavigate}
            />
          );
        }
        const opened = groupsOpen[item.id] ?? false;
        return (
          <NavLink
            key={item.id}
            component="button"
            type="button"
            label={item.label}
            leftSection={icon(item)}
            opened={opened}
            onChange={(value) => setGroupOpen(item.id, value)}
            aria-expanded={opened}
          >
            {item.children.map((child) => {
              const count = child.countOf ? proposalCounts?.[child.countOf] : undefined;
              return (
                <ItemLink
                  key={child.id}
                  label={child.label}
                  to={child.to}
                  active={child.isActive(location)}
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
        );
      })}
    </Stack>
  );
}
