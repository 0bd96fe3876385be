import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, deferred, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import {
  beginImpersonation,
  clearAuthError,
  fetchMe,
  getAuthState,
  login,
  logout,
  register,
  setAuth,
  stopImpersonation,
  syncAuthFromStorage,
} from './auth-store';

const user = buildUser();
const session = { user, accessToken: 'access-1', refreshToken: 'refresh-1' };

/** One handler for every call, through the web tests' one `mockApi` (these tests are about the session calls). */
function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  return mockApi({}, { otherwise: ({ url, init }) => handler(url.pathname + url.search, init) }).fetchMock;
}

function storeSession() {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(user));
}

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign: vi.fn() });
  syncAuthFromStorage();
  clearAuthError();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth store', () => {
  it('starts signed out when nothing is stored', () => {
    expect(getAuthState()).toEqual({
      user: null,
      isAuthenticated: false,
      loading: false,
      error: null,
      originalUser: null,
    });
  });

  it('starts signed in with the stored user when an access token is stored', () => {
    storeSession();
    syncAuthFromStorage();
    expect(getAuthState()).toMatchObject({ user, isAuthenticated: true });
  });

  it('login sets loading and clears the previous error, then stores the session', async () => {
    mockFetch(() => apiError(401, 'INVALID_CREDENTIALS', 'Email ou password incorretos'));
    await login({ email: 'ana.silva@exemplo.pt', password: 'errada', rememberMe: false }).catch(() => {});
    expect(getAuthState().error).toBe('Email ou password incorretos');

    const response = deferred<Response>();
    mockFetch(() => response.promise);
    const pending = login({ email: 'ana.silva@exemplo.pt', password: 'Aceite2026!', rememberMe: true });
    expect(getAuthState()).toMatchObject({ loading: true, error: null });

    response.resolve(jsonResponse(200, { data: session }));
    await expect(pending).resolves.toEqual(user);

    expect(getAuthState()).toEqual({
      user,
      isAuthenticated: true,
      loading: false,
      error: null,
      originalUser: null,
    });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(localStorage.getItem('rememberMe')).toBe('true');
  });

  it('login without remember-me leaves no rememberMe item', async () => {
    localStorage.setItem('rememberMe', 'true');
    mockFetch(() => jsonResponse(200, { data: session }));
    await login({ email: 'ana.silva@exemplo.pt', password: 'Aceite2026!', rememberMe: false });
    expect(localStorage.getItem('rememberMe')).toBeNull();
  });

  it('login failure holds the server message, ends loading and rethrows', async () => {
    mockFetch(() => apiError(401, 'INVALID_CREDENTIALS', 'Email ou password incorretos'));

    await expect(login({ email: 'a@b.pt', password: 'x', rememberMe: false })).rejects.toMatchObject({
      status: 401,
    });

    expect(getAuthState()).toEqual({
      user: null,
      isAuthenticated: false,
      loading: false,
      error: 'Email ou password incorretos',
      originalUser: null,
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("login failure without a server message falls back to 'Não foi possível entrar'", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(login({ email: 'a@b.pt', password: 'x', rememberMe: false })).rejects.toBeDefined();
    expect(getAuthState().error).toBe('Não foi possível entrar');
  });

  it('register stores the session and signs in', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { data: session }));
    await register({
      email: 'ana.silva@exemplo.pt',
      password: 'Aceite2026!',
      firstName: 'Ana',
      lastName: 'Silva',
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/auth/register');
    expect(getAuthState()).toMatchObject({ user, isAuthenticated: true, loading: false });
    expect(localStorage.getItem('rememberMe')).toBeNull();
  });

  it("register failure holds the server message, else 'Não foi possível criar a conta'", async () => {
    mockFetch(() => apiError(409, 'EMAIL_TAKEN', 'Já existe uma conta com este email'));
    const input = { email: 'a@b.pt', password: 'Aceite2026!', firstName: 'A', lastName: 'B' };
    await expect(register(input)).rejects.toBeDefined();
    expect(getAuthState().error).toBe('Já existe uma conta com este email');

    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(register(input)).rejects.toBeDefined();
    expect(getAuthState()).toMatchObject({ loading: false, error: 'Não foi possível criar a conta' });
  });

  it('logout calls the server, clears every stored item and signs out', async () => {
    storeSession();
    localStorage.setItem('rememberMe', 'true');
    syncAuthFromStorage();
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { ok: true } }));

    const pending = logout();
    expect(getAuthState().loading).toBe(true);
    await pending;

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer access-1');
    for (const key of ['accessToken', 'refreshToken', 'user', 'rememberMe']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(getAuthState()).toEqual({
      user: null,
      isAuthenticated: false,
      loading: false,
      error: null,
      originalUser: null,
    });
  });

  it('logout still clears the stored items when the server call fails, and reports the error', async () => {
    storeSession();
    syncAuthFromStorage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro interno. Tente novamente mais tarde.'));

    await expect(logout()).resolves.toBeUndefined();

    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getAuthState()).toMatchObject({
      loading: false,
      isAuthenticated: false,
      error: 'Ocorreu um erro interno. Tente novamente mais tarde.',
    });
    expect(warn).toHaveBeenCalled();
  });

  it('fetchMe refreshes the user in state and storage', async () => {
    storeSession();
    syncAuthFromStorage();
    const renamed = buildUser({ firstName: 'Joana' });
    mockFetch(() => jsonResponse(200, { data: renamed }));

    await expect(fetchMe()).resolves.toEqual(renamed);

    expect(getAuthState()).toMatchObject({ user: renamed, isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(renamed);
  });

  it('fetchMe failure clears the user, marks the visitor signed out and rethrows', async () => {
    storeSession();
    syncAuthFromStorage();
    mockFetch(() => apiError(403, 'ACCOUNT_DISABLED', 'Conta desativada'));

    await expect(fetchMe()).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });

    expect(getAuthState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('setAuth stores the given user and tokens and marks the visitor signed in', () => {
    setAuth(user, { accessToken: 'access-9', refreshToken: 'refresh-9' });
    expect(getAuthState()).toMatchObject({ user, isAuthenticated: true });
    expect(localStorage.getItem('accessToken')).toBe('access-9');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-9');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
  });

  it('signs out in state when the API client ends a session that cannot be refreshed', async () => {
    storeSession();
    syncAuthFromStorage();
    mockFetch((url) =>
      url.endsWith('/auth/refresh')
        ? apiError(400, 'INVALID_TOKEN', 'Token inválido ou expirado')
        : apiError(401, 'TOKEN_EXPIRED', 'Sessão expirada. Inicie sessão novamente.'),
    );

    await expect(fetchMe()).rejects.toBeDefined();

    expect(getAuthState()).toMatchObject({ user: null, isAuthenticated: false });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('auth store while impersonating', () => {
  const superadmin = buildUser({
    id: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    email: 'super@aceite.demo',
    role: 'superadmin',
    organizationId: null,
    organization: null,
  });
  const target = buildUser({ email: 'vendas@aceite.demo', firstName: 'Vera', role: 'sales' });

  function storeSuperadminSession() {
    localStorage.setItem('accessToken', 'super-access');
    localStorage.setItem('refreshToken', 'super-refresh');
    localStorage.setItem('user', JSON.stringify(superadmin));
    syncAuthFromStorage();
  }

  function impersonate() {
    storeSuperadminSession();
    beginImpersonation({
      accessToken: 'imp-access',
      user: target,
      originalUser: superadmin,
      isImpersonating: true,
    });
  }

  it('beginImpersonation becomes the target user and keeps the superadmin and their refresh token aside', () => {
    impersonate();

    expect(getAuthState()).toMatchObject({ user: target, isAuthenticated: true, originalUser: superadmin });
    expect(localStorage.getItem('accessToken')).toBe('imp-access');
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(target);
    expect(JSON.parse(localStorage.getItem('impersonation') ?? 'null')).toEqual({
      originalUser: superadmin,
      originalRefreshToken: 'super-refresh',
    });
  });

  it('starts from a stored impersonation after a reload, with the superadmin as the original user', () => {
    impersonate();
    syncAuthFromStorage();
    expect(getAuthState()).toMatchObject({ user: target, originalUser: superadmin, isAuthenticated: true });
  });

  it('stopImpersonation sends the impersonation token, stores the fresh superadmin session and forgets the impersonation', async () => {
    impersonate();
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        data: {
          accessToken: 'super-access-2',
          refreshToken: 'super-refresh-2',
          user: superadmin,
          isImpersonating: false,
        },
      }),
    );

    await expect(stopImpersonation()).resolves.toEqual(superadmin);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/admin/stop-impersonate');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer imp-access');
    expect(getAuthState()).toMatchObject({ user: superadmin, isAuthenticated: true, originalUser: null });
    expect(localStorage.getItem('accessToken')).toBe('super-access-2');
    expect(localStorage.getItem('refreshToken')).toBe('super-refresh-2');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(superadmin);
    expect(localStorage.getItem('impersonation')).toBeNull();
  });

  it('stopImpersonation failure changes nothing and rethrows', async () => {
    impersonate();
    mockFetch(() => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro interno. Tente novamente mais tarde.'));

    await expect(stopImpersonation()).rejects.toMatchObject({ status: 500 });

    expect(getAuthState()).toMatchObject({ user: target, originalUser: superadmin });
    expect(localStorage.getItem('accessToken')).toBe('imp-access');
    expect(localStorage.getItem('impersonation')).not.toBeNull();
  });

  it("logout while impersonating revokes the superadmin's kept session too and clears everything", async () => {
    impersonate();
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { ok: true } }));

    await logout();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/logout');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'super-refresh' });
    for (const key of ['accessToken', 'refreshToken', 'user', 'rememberMe', 'impersonation']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(getAuthState()).toMatchObject({ user: null, isAuthenticated: false, originalUser: null });
  });

  it('follows an impersonation started in another tab with a full reload on the dashboard', () => {
    impersonate();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/admin/users', assign });

    window.dispatchEvent(
      new StorageEvent('storage', { key: 'impersonation', newValue: localStorage.getItem('impersonation') }),
    );

    expect(assign).toHaveBeenCalledExactlyOnceWith('/dashboard');
  });

  it('follows an impersonation stopped in another tab back to /admin/users, but not a sign-out', () => {
    storeSuperadminSession();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard', assign });

    window.dispatchEvent(new StorageEvent('storage', { key: 'impersonation', newValue: null }));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/admin/users');

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'impersonation', newValue: null }));
    expect(assign).toHaveBeenCalledOnce();
  });

  it('a new sign-in forgets a leftover impersonation', async () => {
    localStorage.setItem(
      'impersonation',
      JSON.stringify({ originalUser: superadmin, originalRefreshToken: 'x' }),
    );
    mockFetch(() => jsonResponse(200, { data: session }));

    await login({ email: 'ana.silva@exemplo.pt', password: 'Aceite2026!', rememberMe: false });

    expect(localStorage.getItem('impersonation')).toBeNull();
    expect(getAuthState().originalUser).toBeNull();
  });
});
