import type { Invite, Member } from '@aceite/shared/schemas/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListSearchParams } from '@/lib/use-list-search';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { InvitesTable } from './invites-table';
import { UsersTable } from './users-table';

const member = (overrides: Partial<Member>): Member => ({
  id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b00',
  email: 'x@exemplo.pt',
  firstName: 'X',
  lastName: 'Y',
  role: 'sales',
  teamId: null,
  team: null,
  isActive: true,
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const ANA = member({
  id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01',
  firstName: 'Ana',
  lastName: 'Almeida',
  role: 'admin',
});
const VERA = member({
  id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02',
  firstName: 'Vera',
  lastName: 'Vieira',
  team: { id: '3b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b22', name: 'Norte' },
});
const page = (data: Member[]) =>
  jsonResponse(200, { data, pagination: { page: 1, limit: 50, total: data.length, totalPages: 1 } });

/** The table as the users page binds it: the search and the page in the URL. */
function BoundUsersTable(props: { canManage: boolean; currentUserId: string }) {
  const list = useListSearchParams();
  return (
    <UsersTable
      search={list.search}
      page={list.page}
      onSearchChange={list.setSearch}
      onPageChange={list.setPage}
      {...props}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UsersTable', { timeout: 20_000 }, () => {
  it('shows role badges, team or Sem equipa and the state; no actions for non-admins', async () => {
    mockApi({ 'GET /users': () => page([ANA, VERA]) });
    renderWithOverlays(<BoundUsersTable canManage={false} currentUserId={VERA.id} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Admin')).toBeInTheDocument();
    expect(within(table).getByText('Vendas')).toBeInTheDocument();
    expect(within(table).getByText('Norte')).toBeInTheDocument();
    expect(within(table).getByText('Sem equipa')).toBeInTheDocument();
    expect(within(table).getAllByText('Ativo')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Desativar/ })).not.toBeInTheDocument();
  });

  it('lets an admin edit anyone and deactivate others after confirmation, never themself', async () => {
    const api = mockApi({
      'GET /users': () => page([ANA, VERA]),
      [`DELETE /users/${VERA.id}`]: () => jsonResponse(200, { data: { ...VERA, isActive: false } }),
    });
    const { user } = renderWithOverlays(<BoundUsersTable canManage currentUserId={ANA.id} />);
    expect(await screen.findByRole('link', { name: 'Editar Ana Almeida' })).toHaveAttribute(
      'href',
      `/users/${ANA.id}/edit`,
    );
    expect(screen.queryByRole('button', { name: 'Desativar Ana Almeida' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desativar Vera Vieira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar utilizador' });
    expect(api.bodiesOf(`DELETE /users/${VERA.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Vera Vieira foi desativado.')).toBeInTheDocument();
    expect(api.bodiesOf(`DELETE /users/${VERA.id}`)).toHaveLength(1);
  });

  it('lets an admin reactivate a deactivated member, and shows the last-admin refusal in Portuguese', async () => {
    const gone = { ...VERA, isActive: false };
    const api = mockApi({
      'GET /users': () => page([ANA, gone]),
      [`POST /users/${VERA.id}/reactivate`]: () => jsonResponse(200, { data: { ...VERA, isActive: true } }),
      [`DELETE /users/${ANA.id}`]: () =>
        jsonResponse(409, {
          error: {
            code: 'CONFLICT',
            message: 'A organização tem de manter pelo menos um administrador ativo',
          },
        }),
    });
    const { user } = renderWithOverlays(<BoundUsersTable canManage currentUserId={VERA.id} />);
    await user.click(await screen.findByRole('button', { name: 'Reativar Vera Vieira' }));
    expect(await screen.findByText('Vera Vieira foi reativado.')).toBeInTheDocument();
    expect(api.bodiesOf(`POST /users/${VERA.id}/reactivate`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Reativar Ana Almeida' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desativar Ana Almeida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desativar utilizador' });
    await user.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(
      await screen.findByText('A organização tem de manter pelo menos um administrador ativo'),
    ).toBeInTheDocument();
  });

  it('searches over name and email, the search kept in the URL', async () => {
    const api = mockApi({ 'GET /users': ({ url }) => page(url.searchParams.get('search') ? [] : [ANA]) });
    const { user, router } = renderWithOverlays(<BoundUsersTable canManage currentUserId={ANA.id} />);
    await screen.findByText('Ana Almeida');
    await user.type(screen.getByLabelText('Procurar utilizadores'), 'ninguem');
    expect(router.state.location.search).toBe('?search=ninguem');
    expect(await screen.findByText('Nenhum utilizador encontrado')).toBeInTheDocument();
    expect(api.queriesOf('GET /users').at(-1)?.get('search')).toBe('ninguem');
  });
});

describe('InvitesTable', { timeout: 20_000 }, () => {
  const INVITE: Invite = {
    id: '4b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b33',
    token: '4b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b33',
    email: 'rita@exemplo.pt',
    firstName: 'Rita',
    lastName: 'Reis',
    role: 'manager',
    teamId: null,
    inviter: { firstName: 'Ana', lastName: 'Almeida' },
    expiresAt: '2026-11-29T12:00:00.000Z',
    createdAt: '2026-11-22T12:00:00.000Z',
  };

  it('lists email, name, role, inviter and expiry; resends and cancels after confirmation', async () => {
    const api = mockApi({
      'GET /users/invites': () => jsonResponse(200, { data: [INVITE] }),
      [`POST /users/invites/${INVITE.token}/resend`]: () => jsonResponse(200, { data: INVITE }),
      [`DELETE /users/invites/${INVITE.token}`]: () => jsonResponse(200, { data: { ok: true } }),
    });
    const { user } = renderWithOverlays(<InvitesTable />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('rita@exemplo.pt')).toBeInTheDocument();
    expect(within(table).getByText('Rita Reis')).toBeInTheDocument();
    expect(within(table).getByText('Gestor')).toBeInTheDocument();
    expect(within(table).getByText('Ana Almeida')).toBeInTheDocument();
    expect(api.queriesOf('GET /users/invites')[0]?.get('status')).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Reenviar convite para rita@exemplo.pt' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reenviar convite' })).getByRole('button', {
        name: 'Reenviar',
      }),
    );
    expect(await screen.findByText('Convite reenviado para rita@exemplo.pt.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar convite para rita@exemplo.pt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar convite' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar convite' }));
    await waitFor(() => expect(api.bodiesOf(`DELETE /users/invites/${INVITE.token}`)).toHaveLength(1));
  });
});
