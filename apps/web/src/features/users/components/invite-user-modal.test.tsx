import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { InviteUserModal } from './invite-user-modal';

const TEAM_ID = '3b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b22';
const TEAMS = [{ value: TEAM_ID, label: 'Norte' }];

afterEach(() => {
  vi.unstubAllGlobals();
});

function invited(body: unknown) {
  return jsonResponse(201, {
    data: {
      id: '4b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b33',
      token: '4b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b33',
      firstName: null,
      lastName: null,
      teamId: null,
      inviter: null,
      expiresAt: '2026-11-29T12:00:00.000Z',
      createdAt: '2026-11-22T12:00:00.000Z',
      ...(body as object),
    },
  });
}

describe('InviteUserModal', { timeout: 20_000 }, () => {
  it('requires the email, defaults the role to Vendas and the team to Sem equipa', async () => {
    const api = mockApi({ 'POST /users/invite': ({ body }) => invited(body) });
    const onInvited = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithOverlays(
      <InviteUserModal opened onClose={onClose} teams={TEAMS} onInvited={onInvited} />,
    );

    expect(await screen.findByRole('combobox', { name: /^Função/ })).toHaveValue('Vendas');
    expect(screen.getByRole('combobox', { name: /^Equipa/ })).toHaveValue('Sem equipa');
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('O email é obrigatório')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), '  Nova.Pessoa@Exemplo.pt ');
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() => expect(onInvited).toHaveBeenCalledWith('nova.pessoa@exemplo.pt'));
    expect(api.bodiesOf('POST /users/invite')).toEqual([
      { email: 'nova.pessoa@exemplo.pt', firstName: null, lastName: null, role: 'sales', teamId: null },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the hourly mail limit (429) in Portuguese and keeps the dialog open', async () => {
    const message = 'Este endereço já recebeu demasiados emails nesta hora. Tente novamente mais tarde.';
    mockApi({ 'POST /users/invite': () => apiError(429, 'RATE_LIMITED', message) });
    const onClose = vi.fn();
    const { user } = renderWithOverlays(
      <InviteUserModal opened onClose={onClose} teams={TEAMS} onInvited={vi.fn()} />,
    );
    await user.type(await screen.findByLabelText(/^Email/), 'rita@exemplo.pt');
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the chosen role, names and team', async () => {
    const api = mockApi({ 'POST /users/invite': ({ body }) => invited(body) });
    const { user } = renderWithOverlays(
      <InviteUserModal opened onClose={vi.fn()} teams={TEAMS} onInvited={vi.fn()} />,
    );
    await user.type(await screen.findByLabelText(/^Email/), 'rita@exemplo.pt');
    await user.click(screen.getByRole('combobox', { name: /^Função/ }));
    await user.click(await screen.findByRole('option', { name: 'Gestor', hidden: true }));
    await user.type(screen.getByLabelText(/^Nome/), 'Rita');
    await user.type(screen.getByLabelText(/^Apelido/), 'Reis');
    await user.click(screen.getByRole('combobox', { name: /^Equipa/ }));
    await user.click(await screen.findByRole('option', { name: 'Norte', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /users/invite')).toEqual([
        { email: 'rita@exemplo.pt', firstName: 'Rita', lastName: 'Reis', role: 'manager', teamId: TEAM_ID },
      ]),
    );
  });

  it('shows a 409 under the email field', async () => {
    mockApi({
      'POST /users/invite': () =>
        apiError(409, 'CONFLICT', 'Já existe um convite pendente para este email', [
          { field: 'email', message: 'Já existe um convite pendente para este email' },
        ]),
    });
    const onInvited = vi.fn();
    const { user } = renderWithOverlays(
      <InviteUserModal opened onClose={vi.fn()} teams={TEAMS} onInvited={onInvited} />,
    );
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'rita@exemplo.pt{Enter}');
    expect(await screen.findByText('Já existe um convite pendente para este email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(onInvited).not.toHaveBeenCalled();
  });
});
