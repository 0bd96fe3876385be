import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ResetPassword } from './reset-password';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPassword', () => {
  it("says 'Token de recuperação não encontrado' when the link has no token", () => {
    renderWithProviders(<ResetPassword token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Token de recuperação não encontrado');
  });

  it("shows 'Token inválido ou expirado' with links to recover again or sign in", async () => {
    mockApi({
      'GET /auth/validate-reset-token/velho': () =>
        apiError(400, 'INVALID_TOKEN', 'Token inválido ou expirado'),
    });
    renderWithProviders(<ResetPassword token="velho" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Token inválido ou expirado');
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Voltar ao login' })).toHaveAttribute('href', '/login');
  });

  it('names the account, resets the password and sends the visitor to /login after 3 seconds', async () => {
    const api = mockApi({
      'GET /auth/validate-reset-token/abc': () =>
        jsonResponse(200, {
          data: { user: { firstName: 'Ana', lastName: 'Silva', email: 'ana@exemplo.pt' } },
        }),
      'POST /auth/reset-password': () => jsonResponse(200, { data: { ok: true } }),
    });
    const { user, router } = renderWithProviders(<ResetPassword token="abc" />, { route: '/reset-password' });

    expect(await screen.findByText('Ana Silva')).toBeInTheDocument();
    expect(screen.getByText('ana@exemplo.pt')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nova password/), 'NovaSenha2026');
    await user.type(screen.getByLabelText(/^Confirmar nova password/), 'NovaSenha2026');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Redefinir password' }));
      expect(await screen.findByText(/Password redefinida com sucesso/)).toBeInTheDocument();
      expect(api.bodiesOf('POST /auth/reset-password')).toEqual([
        { token: 'abc', password: 'NovaSenha2026' },
      ]);
      expect(router.state.location.pathname).toBe('/reset-password');
      await vi.advanceTimersByTimeAsync(3000);
      expect(router.state.location.pathname).toBe('/login');
    } finally {
      vi.useRealTimers();
    }
  });
});
