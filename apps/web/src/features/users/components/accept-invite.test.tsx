import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, syncAuthFromStorage } from '@/lib/auth-store';
import { apiError, buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { AcceptInvite } from './accept-invite';

const INVITATION = {
  email: 'nova@exemplo.pt',
  firstName: 'Nova',
  lastName: null,
  role: 'sales',
  organization: { name: 'Demo Lda' },
  expiresAt: '2026-11-29T12:00:00.000Z',
};

beforeEach(() => syncAuthFromStorage());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('AcceptInvite', { timeout: 20_000 }, () => {
  it('explains an invalid link and offers the login', async () => {
    mockApi({ 'GET /invites/velho': () => apiError(400, 'INVALID_TOKEN', 'Convite inválido ou expirado') });
    renderWithOverlays(<AcceptInvite token="velho" onAccepted={vi.fn()} />);
    expect(await screen.findByText('Convite inválido ou expirado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
  });

  it('says the same without a token', () => {
    renderWithOverlays(<AcceptInvite token={null} onAccepted={vi.fn()} />);
    expect(screen.getByText('Convite inválido ou expirado')).toBeInTheDocument();
  });

  it('shows the organization and email, checks the passwords, then signs the new user in', async () => {
    const session = {
      user: buildUser({ email: 'nova@exemplo.pt', firstName: 'Nova', lastName: 'Nunes', role: 'sales' }),
      accessToken: 'access-new',
      refreshToken: 'refresh-new',
    };
    const api = mockApi({
      'GET /invites/abc': () => jsonResponse(200, { data: INVITATION }),
      'POST /invites/abc/accept': () => jsonResponse(201, { data: session }),
    });
    const onAccepted = vi.fn();
    const { user } = renderWithOverlays(<AcceptInvite token="abc" onAccepted={onAccepted} />);

    expect(await screen.findByText('Demo Lda')).toBeInTheDocument();
    expect(screen.getByText('nova@exemplo.pt')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Nova');

    await user.type(screen.getByLabelText(/^Password/), 'curta');
    await user.type(screen.getByLabelText(/^Confirmar password/), 'outra');
    await user.click(screen.getByRole('button', { name: 'Aceitar convite e entrar' }));
    expect(await screen.findByText('Nome e apelido são obrigatórios')).toBeInTheDocument();
    expect(screen.getByText('A password deve ter pelo menos 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As passwords não coincidem')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Apelido/), 'Nunes');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'segredo-123');
    await user.clear(screen.getByLabelText(/^Confirmar password/));
    await user.type(screen.getByLabelText(/^Confirmar password/), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Aceitar convite e entrar' }));

    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(api.bodiesOf('POST /invites/abc/accept')).toEqual([
      { firstName: 'Nova', lastName: 'Nunes', password: 'segredo-123' },
    ]);
    expect(getAuthState()).toMatchObject({ isAuthenticated: true, user: { email: 'nova@exemplo.pt' } });
    expect(localStorage.getItem('accessToken')).toBe('access-new');
  });

  it('offers the login when the link was used meanwhile', async () => {
    mockApi({
      'GET /invites/abc': () => jsonResponse(200, { data: { ...INVITATION, lastName: 'Nunes' } }),
      'POST /invites/abc/accept': () => apiError(400, 'INVALID_TOKEN', 'Convite inválido ou expirado'),
    });
    const { user } = renderWithOverlays(<AcceptInvite token="abc" onAccepted={vi.fn()} />);
    await user.type(await screen.findByLabelText(/^Password/), 'segredo-123');
    await user.type(screen.getByLabelText(/^Confirmar password/), 'segredo-123{Enter}');
    expect(await screen.findByText('Convite inválido ou expirado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeInTheDocument();
  });
});
