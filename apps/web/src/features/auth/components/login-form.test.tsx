import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { apiError, buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

function renderForm() {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<LoginForm onSuccess={onSuccess} />, { route: '/login' });
  return { ...view, onSuccess };
}

afterEach(() => {
  vi.unstubAllGlobals();
  syncAuthFromStorage();
});

describe('LoginForm', () => {
  it('shows the required-field messages when submitted empty, without calling the API', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('O email é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A password é obrigatória')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the invalid-email message', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Email/), 'ana@');
    await user.type(screen.getByLabelText(/^Password/), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Por favor, insira um email válido')).toBeInTheDocument();
  });

  it("shows the server's message when the credentials are wrong", async () => {
    mockApi({
      'POST /auth/login': () => apiError(401, 'INVALID_CREDENTIALS', 'Email ou password incorretos'),
    });
    const { user, onSuccess } = renderForm();

    await user.type(screen.getByLabelText(/Email/), 'ana.silva@exemplo.pt');
    await user.type(screen.getByLabelText(/^Password/), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou password incorretos');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("falls back to 'Não foi possível entrar' when the server gives no message", async () => {
    mockApi({ 'POST /auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderForm();

    await user.type(screen.getByLabelText(/Email/), 'ana.silva@exemplo.pt');
    await user.type(screen.getByLabelText(/^Password/), 'Aceite2026!');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível entrar');
  });

  it('signs in with a normalised email and remember-me, stores the session and reports success', async () => {
    const api = mockApi({
      'POST /auth/login': () =>
        jsonResponse(200, {
          data: { user: buildUser(), accessToken: 'access-1', refreshToken: 'refresh-1' },
        }),
    });
    const { user, onSuccess } = renderForm();

    await user.type(screen.getByLabelText(/Email/), '  Ana.Silva@Exemplo.pt ');
    await user.type(screen.getByLabelText(/^Password/), 'Aceite2026!');
    await user.click(screen.getByLabelText('Lembrar-me'));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(api.bodiesOf('POST /auth/login')[0]).toEqual({
      email: 'ana.silva@exemplo.pt',
      password: 'Aceite2026!',
      rememberMe: true,
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('rememberMe')).toBe('true');
  });

  it('links to password recovery', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Esqueceu a password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('email first: an email alone asks whether it signs in through SSO, then asks for the password', async () => {
    const api = mockApi({ 'POST /auth/sso/start': () => jsonResponse(200, { data: { mode: 'password' } }) });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Email/), 'Ana.Silva@Exemplo.pt');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('A password é obrigatória')).toBeInTheDocument();
    expect(api.bodiesOf('POST /auth/sso/start')).toEqual([{ email: 'ana.silva@exemplo.pt' }]);
    expect(api.bodiesOf('POST /auth/login')).toEqual([]);
  });

  it('email first: an SSO organization keeps the state for /entrar/sso and says where the person is going', async () => {
    sessionStorage.clear();
    mockApi({
      'POST /auth/sso/start': () =>
        jsonResponse(200, {
          data: { mode: 'sso', authorizationUrl: 'https://idp.empresa.pt/auth?state=s-9' },
        }),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Email/), 'ana@empresa.pt');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'A sua organização usa início de sessão único',
    );
    expect(JSON.parse(sessionStorage.getItem('ssoFlow') ?? '{}')).toMatchObject({ state: 's-9' });
    expect(screen.queryByText('A password é obrigatória')).not.toBeInTheDocument();
  });
});
