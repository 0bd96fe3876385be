import type { AdminUser } from '@aceite/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { apiError, buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AdminUsersPage } from './admin-users-page';

const ORG = { id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00', name: 'Demo Lda' };
const SUPER_ID = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: crypto.randomUUID(),
    email: 'pessoa@aceite.demo',
    firstName: 'Pessoa',
    lastName: 'Teste',
    role: 'sales',
    isActive: true,
    organization: ORG,
    lastLoginAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const self = adminUser({
  id: SUPER_ID,
  email: 'super@aceite.demo',
  firstName: 'Sofia',
  lastName: 'Santos',
  role: 'superadmin',
  organization: null,
});
const otherSuper = adminUser({
  email: 'outro@aceite.demo',
  firstName: 'Óscar',
  lastName: 'Outro',
  role: 'superadmin',
  organization: null,
});
const vera = adminUser({ email: 'vendas@aceite.demo', firstName: 'Vera', lastName: 'Vieira' });
const inactive = adminUser({
  email: 'ines@aceite.demo',
  firstName: 'Inês',
  lastName: 'Inativa',
  isActive: false,
});
const USERS = [self, otherSuper, vera, inactive];

const superadmin = buildUser({
  id: SUPER_ID,
  email: 'super@aceite.demo',
  firstName: 'Sofia',
  lastName: 'Santos',
  role: 'superadmin',
  organizationId: null,
  organization: null,
});

const page = (users: AdminUser[]) =>
  jsonResponse(200, { data: { users, total: users.length, page: 1, totalPages: 1 } });

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.setItem('accessToken', 'super-access');
  localStorage.setItem('refreshToken', 'super-refresh');
  localStorage.setItem('user', JSON.stringify(superadmin));
  syncAuthFromStorage();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname: '/admin/users', assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('AdminUsersPage', () => {
  it('lists every user with the total, 50 per page, and offers Impersonar only to active non-superadmins other than oneself', async () => {
    const api = mockApi({ 'GET /admin/users': () => page(USERS) });
    renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });

    expect(await screen.findByText('4 utilizadores')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Utilizadores da plataforma' })).toBeInTheDocument();
    expect(api.queriesOf('GET /admin/users')[0]?.get('limit')).toBe('50');
    expect(screen.getByText('vendas@aceite.demo')).toBeInTheDocument();
    expect(screen.getByText('(a sua conta)', { exact: false })).toBeInTheDocument();

    const buttons = screen.getAllByRole('button', { name: /^Impersonar/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Impersonar Vera Vieira']);
  });

  it('offers Reativar only on inactive users and reactivates through /admin/users/{id}/reactivate', async () => {
    const api = mockApi({
      'GET /admin/users': () => page(USERS),
      [`POST /admin/users/${inactive.id}/reactivate`]: () =>
        jsonResponse(200, { data: { ...inactive, isActive: true } }),
    });
    const { user } = renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });
    await screen.findByText('4 utilizadores');
    const buttons = screen.getAllByRole('button', { name: /^Reativar/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Reativar Inês Inativa']);
    await user.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(api.bodiesOf(`POST /admin/users/${inactive.id}/reactivate`)).toHaveLength(1));
    // The list is read again, so the badge and the buttons follow.
    await waitFor(() => expect(api.queriesOf('GET /admin/users').length).toBeGreaterThan(1));
  });

  it('sends the search, role and status filters and keeps them in the URL', async () => {
    const api = mockApi({ 'GET /admin/users': () => page([inactive]) });
    const { user, router } = renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });
    await screen.findByText('1 utilizador');

    await user.selectOptions(screen.getByLabelText('Função'), 'Vendas');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Inativo');
    await user.type(screen.getByLabelText('Pesquisar utilizadores'), 'ines');

    await vi.waitFor(() => {
      const last = api.queriesOf('GET /admin/users').at(-1);
      expect(last?.get('search')).toBe('ines');
      expect(last?.get('role')).toBe('sales');
      expect(last?.get('isActive')).toBe('false');
    });
    expect(router.state.location.search).toBe('?role=sales&status=inactive&search=ines');
  });

  it('shows the empty state when nothing matches', async () => {
    mockApi({ 'GET /admin/users': () => page([]) });
    renderWithProviders(<AdminUsersPage />, { route: '/admin/users?search=ninguem' });
    expect(await screen.findByText('Nenhum utilizador encontrado')).toBeInTheDocument();
    expect(screen.getByText('0 utilizadores')).toBeInTheDocument();
  });

  it("shows 'Erro ao carregar utilizadores' with a retry when the list fails", async () => {
    mockApi({ 'GET /admin/users': () => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro interno.') });
    renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });
    expect(await screen.findByText('Erro ao carregar utilizadores')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('asks for confirmation, then stores the impersonation session and reloads on the dashboard', async () => {
    const target = buildUser({
      id: vera.id,
      email: vera.email,
      firstName: 'Vera',
      lastName: 'Vieira',
      role: 'sales',
    });
    const api = mockApi({
      'GET /admin/users': () => page(USERS),
      [`POST /admin/impersonate/${vera.id}`]: () =>
        jsonResponse(200, {
          data: { accessToken: 'imp-access', user: target, originalUser: superadmin, isImpersonating: true },
        }),
    });
    const { user } = renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });

    await user.click(await screen.findByRole('button', { name: 'Impersonar Vera Vieira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impersonar utilizador' });
    expect(within(dialog).getByText('Vera Vieira')).toBeInTheDocument();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Impersonar' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('accessToken')).toBe('imp-access');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(target);
    expect(JSON.parse(localStorage.getItem('impersonation') ?? 'null')).toEqual({
      originalUser: superadmin,
      originalRefreshToken: 'super-refresh',
    });
  });

  it("shows 'Erro ao impersonar utilizador' with the server's reason and keeps the superadmin session", async () => {
    mockApi({
      'GET /admin/users': () => page(USERS),
      [`POST /admin/impersonate/${vera.id}`]: () =>
        apiError(400, 'VALIDATION_ERROR', 'Não é possível impersonar um utilizador inativo'),
    });
    const { user } = renderWithProviders(<AdminUsersPage />, { route: '/admin/users' });

    await user.click(await screen.findByRole('button', { name: 'Impersonar Vera Vieira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impersonar utilizador' });
    await user.click(within(dialog).getByRole('button', { name: 'Impersonar' }));

    expect(await within(dialog).findByText('Erro ao impersonar utilizador')).toBeInTheDocument();
    expect(within(dialog).getByText('Não é possível impersonar um utilizador inativo')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('super-access');
    expect(localStorage.getItem('impersonation')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
