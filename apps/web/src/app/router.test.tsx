import type { User } from '@aceite/shared/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { type Handler, mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { appRoutes } from './router';

function signIn(role: 'admin' | 'superadmin' = 'admin') {
  const user = buildUser({ role });
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(user));
  syncAuthFromStorage();
  mockSignedIn(user);
}

const notFound = () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Não encontrado' } });

/**
 * The signed-in user for /auth/me, 404 for the other calls the layout and screens make (the bell's unread
 * count, the sidebar counts, the dashboard's figures) unless `handlers` answers them.
 */
function mockSignedIn(user: User, handlers: Record<string, Handler> = {}) {
  return mockApi(
    { 'GET /auth/me': () => jsonResponse(200, { data: user }), ...handlers },
    { otherwise: notFound },
  );
}

beforeEach(() => {
  syncAuthFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('app routes', () => {
  it('sends a visitor without a session from a private route to /login', async () => {
    const { router } = renderRoutes(appRoutes, { route: '/proposals/new' });
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('after signing in, returns to the private page the visitor was trying to open', async () => {
    const user = buildUser({ role: 'admin' });
    mockSignedIn(user, {
      'POST /auth/login': () =>
        jsonResponse(200, { data: { user, accessToken: 'access-1', refreshToken: 'refresh-1' } }),
    });
    const { router, user: typist } = renderRoutes(appRoutes, { route: '/settings?tab=notificacoes' });
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/settings?tab=notificacoes')}`);
    await typist.type(screen.getByLabelText(/^Email/), 'ana@exemplo.pt');
    await typist.type(screen.getByLabelText(/^Password/), 'segredo123');
    await typist.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.search).toBe('?tab=notificacoes');
  });

  it('never follows a next address that leaves the app', async () => {
    signIn();
    const { router } = renderRoutes(appRoutes, { route: '/login?next=//evil.example/x' });
    expect(await screen.findByRole('heading', { name: 'Olá, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in visitor from /login to the dashboard, which greets them by first name', async () => {
    signIn();
    const { router } = renderRoutes(appRoutes, { route: '/login' });
    expect(await screen.findByRole('heading', { name: 'Olá, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows a private screen inside the layout, with its navigation and account menu', async () => {
    signIn();
    // The clients screen lists clients: an empty page of them.
    mockSignedIn(buildUser({ role: 'admin' }), {
      'GET /clients': () =>
        jsonResponse(200, { data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } }),
    });
    renderRoutes(appRoutes, { route: '/clients' });
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeInTheDocument();
    expect(await screen.findByText('Ainda não tem clientes')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navegação principal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
  });

  it('sends a user who is not superadmin from /admin/users to the dashboard', async () => {
    signIn('admin');
    const { router } = renderRoutes(appRoutes, { route: '/admin/users' });
    expect(await screen.findByRole('heading', { name: 'Olá, Ana' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets a superadmin open /admin/users', async () => {
    signIn('superadmin');
    renderRoutes(appRoutes, { route: '/admin/users' });
    expect(await screen.findByRole('heading', { name: 'Utilizadores da plataforma' })).toBeInTheDocument();
  });

  it("shows 'Página não encontrada' for an unknown path", async () => {
    renderRoutes(appRoutes, { route: '/nao-existe' });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' })).toHaveAttribute('href', '/');
  });

  it('redirects / to /login when the router reaches it without a session', async () => {
    const { router } = renderRoutes(appRoutes, { route: '/' });
    await screen.findByRole('heading', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
