import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { apiError, buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { ImpersonationBanner } from './impersonation-banner';

const superadmin = buildUser({
  id: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  email: 'super@aceite.demo',
  role: 'superadmin',
  organizationId: null,
  organization: null,
});
const target = buildUser({ email: 'vendas@aceite.demo', firstName: 'Vera', role: 'sales' });

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

function storeImpersonation() {
  localStorage.setItem('accessToken', 'imp-access');
  localStorage.setItem('user', JSON.stringify(target));
  localStorage.setItem(
    'impersonation',
    JSON.stringify({ originalUser: superadmin, originalRefreshToken: 'super-refresh' }),
  );
  syncAuthFromStorage();
}

describe('ImpersonationBanner', () => {
  it('shows nothing outside an impersonation', () => {
    localStorage.setItem('accessToken', 'super-access');
    localStorage.setItem('user', JSON.stringify(superadmin));
    syncAuthFromStorage();
    renderWithOverlays(<ImpersonationBanner />);
    expect(screen.queryByText('Modo Impersonation Ativo')).not.toBeInTheDocument();
  });

  it("shows the superadmin's email, and stopping restores the superadmin and reloads on /admin/users", async () => {
    storeImpersonation();
    const api = mockApi({
      'POST /admin/stop-impersonate': () =>
        jsonResponse(200, {
          data: {
            accessToken: 'super-access-2',
            refreshToken: 'super-refresh-2',
            user: superadmin,
            isImpersonating: false,
          },
        }),
    });
    const { user } = renderWithOverlays(<ImpersonationBanner />);

    expect(screen.getByText('Modo Impersonation Ativo')).toBeInTheDocument();
    expect(screen.getByText(/super@aceite\.demo/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Parar Impersonation' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/users'));
    const [, init] = api.fetchMock.mock.calls[0] ?? [];
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer imp-access');
    expect(localStorage.getItem('accessToken')).toBe('super-access-2');
    expect(localStorage.getItem('refreshToken')).toBe('super-refresh-2');
    expect(localStorage.getItem('impersonation')).toBeNull();
  });

  it("shows 'Erro ao parar impersonation' when stopping fails, and stays impersonating", async () => {
    storeImpersonation();
    mockApi({
      'POST /admin/stop-impersonate': () => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro interno.'),
    });
    const { user } = renderWithOverlays(<ImpersonationBanner />);

    await user.click(screen.getByRole('button', { name: 'Parar Impersonation' }));

    expect(await screen.findByText('Erro ao parar impersonation')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('imp-access');
    expect(localStorage.getItem('impersonation')).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
