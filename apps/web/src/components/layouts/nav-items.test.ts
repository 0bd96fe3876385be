import { IconFileText } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { isItemActive, NAV_ITEMS, type NavItem, visibleNavItems } from './nav-items';

const labels = (items: NavItem[]) => items.map((item) => item.label);
const childLabels = (items: NavItem[], id: string) =>
  items.find((item) => item.id === id)?.children?.map((child) => child.label);

describe('visibleNavItems', () => {
  it('gives every organization role its items, in the sidebar order, without the administration', () => {
    for (const role of ['admin', 'manager', 'sales', 'viewer'] as const) {
      const items = visibleNavItems({ role, hasOrganization: true });
      expect(labels(items), role).toEqual([
        'Painel',
        'Propostas',
        // Pagamentos for those who may read them (docs/product.md#mandates-collections-and-the-file).
        ...(role === 'admin' || role === 'manager' ? ['Pagamentos'] : []),
        'Clientes',
        'Análises',
        'Configurações',
      ]);
      expect(childLabels(items, 'proposals')).toEqual([
        'Todas',
        'Rascunho',
        'Enviadas',
        'Visualizadas',
        'Aceites',
        'Rejeitadas',
        // The approval queue, for those who may approve (docs/product.md#approvals).
        ...(role === 'admin' || role === 'manager' ? ['Para aprovar'] : []),
      ]);
      expect(childLabels(items, 'settings')).toEqual([
        'Geral',
        'Modelos',
        'Blocos',
        'Produtos',
        'Utilizadores',
        'Equipas',
      ]);
    }
  });

  it('offers a platform account without an organization its administration first, then its own settings', () => {
    const items = visibleNavItems({ role: 'superadmin', hasOrganization: false });
    expect(labels(items)).toEqual(['Administração', 'Configurações']);
    // Its settings are one page, not the organization's group.
    expect(items[1]?.children).toBeUndefined();
  });

  it('adds the administration last for a platform admin inside an organization', () => {
    expect(labels(visibleNavItems({ role: 'superadmin', hasOrganization: true })).at(-1)).toBe(
      'Administração',
    );
  });

  it('shows the organization items but no administration while the user loads', () => {
    expect(labels(visibleNavItems({ role: undefined, hasOrganization: true }))).not.toContain(
      'Administração',
    );
  });

  it('lists an item that requires a permission only to the roles that have it', () => {
    const items: NavItem[] = [
      {
        id: 'approve',
        label: 'Aprovar',
        icon: IconFileText,
        to: '/x',
        isActive: () => false,
        requires: [{ permission: 'proposal:approve' }],
      },
    ];
    expect(labels(visibleNavItems({ role: 'manager', hasOrganization: true }, items))).toEqual(['Aprovar']);
    expect(labels(visibleNavItems({ role: 'sales', hasOrganization: true }, items))).toEqual([]);
    expect(labels(visibleNavItems({ role: undefined, hasOrganization: true }, items))).toEqual([]);
  });
});

describe('isItemActive', () => {
  const item = (id: string) => NAV_ITEMS.find((candidate) => candidate.id === id) as NavItem;

  it('marks Propostas anywhere under /proposals, and each status link only on its own filter', () => {
    const proposals = item('proposals');
    expect(isItemActive(proposals, { pathname: '/proposals/abc', status: null })).toBe(true);
    expect(isItemActive(proposals, { pathname: '/proposals', status: 'in_review' })).toBe(true);
    const [all, draft] = proposals.children ?? [];
    expect(all?.isActive({ pathname: '/proposals', status: null })).toBe(true);
    expect(all?.isActive({ pathname: '/proposals', status: 'draft' })).toBe(false);
    expect(draft?.isActive({ pathname: '/proposals', status: 'draft' })).toBe(true);
    expect(draft?.isActive({ pathname: '/proposals/abc', status: 'draft' })).toBe(false);
  });

  it('marks Configurações under any of its pages for an organization, under /settings only without one', () => {
    const withOrganization = visibleNavItems({ role: 'admin', hasOrganization: true });
    const settings = withOrganization.find((candidate) => candidate.id === 'settings') as NavItem;
    expect(isItemActive(settings, { pathname: '/products/new', status: null })).toBe(true);
    const platform = visibleNavItems({ role: 'superadmin', hasOrganization: false });
    const own = platform.find((candidate) => candidate.id === 'settings') as NavItem;
    expect(isItemActive(own, { pathname: '/products', status: null })).toBe(false);
    expect(isItemActive(own, { pathname: '/settings', status: null })).toBe(true);
  });
});
