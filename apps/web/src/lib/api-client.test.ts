import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildUser, deferred, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { ApiError, apiClient } from './api-client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** One handler for every call, through the web tests' one `mockApi` (these tests are about the transport). */
function mockFetch(handler: Handler) {
  return mockApi({}, { otherwise: ({ url, init }) => handler(url.pathname + url.search, init) }).fetchMock;
}

function stubLocation(pathname: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, pathname, assign });
  return assign;
}

function storeSession() {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(buildUser()));
  localStorage.setItem('rememberMe', 'true');
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

const expired = () => apiError(401, 'TOKEN_EXPIRED', 'Sessão expirada. Inicie sessão novamente.');
const refreshed = () => jsonResponse(200, { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = stubLocation('/dashboard');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiClient', () => {
  it('sends the stored access token as a bearer header and resolves with the JSON body', async () => {
    storeSession();
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { ok: true } }));

    await expect(
      apiClient.get('/clients', { query: { search: 'ana', page: 1, empty: '' } }),
    ).resolves.toEqual({
      data: { ok: true },
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/clients?search=ana&page=1');
    expect(header(init ?? {}, 'Authorization')).toBe('Bearer access-1');
  });

  it('sends no bearer header when no access token is stored', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { ok: true } }));
    await apiClient.post('/auth/forgot-password', { email: 'ana@exemplo.pt' });
    expect(header(fetchMock.mock.calls[0]?.[1] ?? {}, 'Authorization')).toBeUndefined();
  });

  it('throws an ApiError with the status, code, message and details of the error envelope', async () => {
    mockFetch(() =>
      apiError(400, 'VALIDATION_ERROR', 'Dados inválidos', [{ field: 'email', message: 'Email inválido' }]),
    );

    const error = await apiClient.post('/clients', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Dados inválidos',
      details: [{ field: 'email', message: 'Email inválido' }],
      fromServer: true,
    });
  });

  it('reports an unreachable server as a NETWORK_ERROR with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiClient.get('/clients')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      fromServer: false,
    });
  });

  it('refreshes an expired session once, stores both rotated tokens and replays the request once', async () => {
    storeSession();
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) return refreshed();
      return header(init, 'Authorization') === 'Bearer access-2'
        ? jsonResponse(200, { data: { id: 'p1' } })
        : expired();
    });

    await expect(apiClient.get('/proposals/p1')).resolves.toEqual({ data: { id: 'p1' } });

    const [refreshCall] = calls(fetchMock, '/auth/refresh');
    expect(refreshCall?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(refreshCall?.[1]?.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(header(refreshCall?.[1] ?? {}, 'Authorization')).toBeUndefined();
    expect(calls(fetchMock, '/proposals/p1')).toHaveLength(2);
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shares one refresh call between concurrent 401 responses', async () => {
    storeSession();
    const refresh = deferred<Response>();
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) return refresh.promise;
      return header(init, 'Authorization') === 'Bearer access-2'
        ? jsonResponse(200, { data: url })
        : expired();
    });

    const requests = Promise.all([apiClient.get('/a'), apiClient.get('/b'), apiClient.post('/c', { x: 1 })]);
    await vi.waitFor(() => expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1));
    refresh.resolve(refreshed());

    await expect(requests).resolves.toEqual([
      { data: '/api/v1/a' },
      { data: '/api/v1/b' },
      { data: '/api/v1/c' },
    ]);
    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1);
  });

  it('replays without refreshing again when another request already refreshed the session', async () => {
    storeSession();
    const slow = deferred<Response>();
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) return refreshed();
      if (header(init, 'Authorization') === 'Bearer access-2') return jsonResponse(200, { data: url });
      return url.endsWith('/slow') ? slow.promise : expired();
    });

    const slowRequest = apiClient.get('/slow');
    await apiClient.get('/fast');
    slow.resolve(expired());

    await expect(slowRequest).resolves.toEqual({ data: '/api/v1/slow' });
    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1);
  });

  it('skips its own refresh when another tab refreshed the session while this one waited for the lock', async () => {
    storeSession();
    const request = vi.fn(async (_name: string, callback: () => Promise<boolean>) => {
      localStorage.setItem('accessToken', 'access-from-other-tab');
      return callback();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      const fetchMock = mockFetch((url, init) =>
        header(init, 'Authorization') === 'Bearer access-from-other-tab'
          ? jsonResponse(200, { data: url })
          : expired(),
      );

      await expect(apiClient.get('/proposals')).resolves.toEqual({ data: '/api/v1/proposals' });

      expect(request).toHaveBeenCalledOnce();
      expect(calls(fetchMock, '/auth/refresh')).toHaveLength(0);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('does not replay a second time when the replayed request is also rejected', async () => {
    storeSession();
    const fetchMock = mockFetch((url) => (url.endsWith('/auth/refresh') ? refreshed() : expired()));

    await expect(apiClient.get('/proposals')).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });

    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1);
    expect(calls(fetchMock, '/proposals')).toHaveLength(2);
  });

  it('clears every stored item and redirects to /login when the refresh is refused', async () => {
    storeSession();
    mockFetch((url) =>
      url.endsWith('/auth/refresh')
        ? apiError(400, 'INVALID_TOKEN', 'Token inválido ou expirado')
        : expired(),
    );

    await expect(apiClient.get('/proposals')).rejects.toMatchObject({ status: 401 });

    for (const key of ['accessToken', 'refreshToken', 'user', 'rememberMe']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('clears storage and redirects to /login without calling refresh when no refresh token is stored', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('user', JSON.stringify(buildUser()));
    const fetchMock = mockFetch(() => apiError(401, 'UNAUTHENTICATED', 'Inicie sessão para continuar.'));

    await expect(apiClient.get('/auth/me')).rejects.toMatchObject({ status: 401 });

    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('clears storage but does not redirect when the visitor is already on a /login path', async () => {
    assign = stubLocation('/login');
    storeSession();
    mockFetch((url) =>
      url.endsWith('/auth/refresh')
        ? apiError(400, 'INVALID_TOKEN', 'Token inválido ou expirado')
        : expired(),
    );

    await expect(apiClient.get('/auth/me')).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('never refreshes on a 401 from the login call (wrong credentials)', async () => {
    storeSession();
    const fetchMock = mockFetch(() => apiError(401, 'INVALID_CREDENTIALS', 'Email ou password incorretos'));

    await expect(apiClient.post('/auth/login', { email: 'a@b.pt', password: 'x' })).rejects.toMatchObject({
      message: 'Email ou password incorretos',
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    storeSession();
    mockFetch((url) => {
      if (url.endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
      return expired();
    });

    await expect(apiClient.get('/proposals')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });

    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('apiClient while impersonating', () => {
  const superadmin = buildUser({
    id: '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    email: 'super@aceite.demo',
    role: 'superadmin',
    organizationId: null,
    organization: null,
  });
  const target = buildUser({ email: 'vendas@aceite.demo', firstName: 'Vera', role: 'sales' });

  // The impersonation session of docs/product.md#platform-administration: no refresh token of its own, the
  // superadmin's kept aside.
  function storeImpersonation(originalRefreshToken: string | null = 'super-refresh') {
    localStorage.setItem('accessToken', 'imp-access');
    localStorage.setItem('user', JSON.stringify(target));
    localStorage.setItem('impersonation', JSON.stringify({ originalUser: superadmin, originalRefreshToken }));
  }

  const restored = () =>
    jsonResponse(200, { data: { accessToken: 'super-access-2', refreshToken: 'super-refresh-2' } });

  it('sends the impersonation token as the bearer', async () => {
    storeImpersonation();
    const fetchMock = mockFetch(() => jsonResponse(200, { data: [] }));
    await apiClient.get('/proposals');
    expect(header(fetchMock.mock.calls[0]?.[1] ?? {}, 'Authorization')).toBe('Bearer imp-access');
  });

  it('on a 401 restores the superadmin with the kept refresh token, replays nothing and reloads on /admin/users', async () => {
    storeImpersonation();
    const fetchMock = mockFetch((url) => (url.endsWith('/auth/refresh') ? restored() : expired()));

    await expect(apiClient.get('/proposals')).rejects.toMatchObject({ status: 401 });

    const refreshCalls = calls(fetchMock, '/auth/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]?.[1]?.body))).toEqual({ refreshToken: 'super-refresh' });
    expect(header(refreshCalls[0]?.[1] ?? {}, 'Authorization')).toBeUndefined();
    expect(calls(fetchMock, '/proposals')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe('super-access-2');
    expect(localStorage.getItem('refreshToken')).toBe('super-refresh-2');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(superadmin);
    expect(localStorage.getItem('impersonation')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/admin/users');
    expect(assign).not.toHaveBeenCalledWith('/login');
  });

  it('ends concurrent 401s with a single refresh call and never loops', async () => {
    storeImpersonation();
    const refresh = deferred<Response>();
    const fetchMock = mockFetch((url) => (url.endsWith('/auth/refresh') ? refresh.promise : expired()));

    const requests = Promise.allSettled([
      apiClient.get('/a'),
      apiClient.get('/b'),
      apiClient.post('/c', { x: 1 }),
    ]);
    await vi.waitFor(() => expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1));
    refresh.resolve(restored());
    const results = await requests;

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1);
    for (const path of ['/a', '/b', '/c']) expect(calls(fetchMock, path)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalledWith('/login');
  });

  it('never replays a request of the impersonated user with the restored superadmin token', async () => {
    storeImpersonation();
    const slow = deferred<Response>();
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) return restored();
      if (header(init, 'Authorization') === 'Bearer super-access-2') return jsonResponse(201, { data: url });
      return url.endsWith('/proposals') ? slow.promise : expired();
    });

    const write = apiClient.post('/proposals', { title: 'Proposta' });
    await expect(apiClient.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    slow.resolve(expired());

    await expect(write).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock, '/proposals')).toHaveLength(1);
    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(1);
  });

  it('clears everything, the impersonation included, and goes to /login when the superadmin cannot be restored', async () => {
    storeImpersonation();
    mockFetch((url) =>
      url.endsWith('/auth/refresh')
        ? apiError(400, 'INVALID_TOKEN', 'Token inválido ou expirado')
        : expired(),
    );

    await expect(apiClient.get('/dashboard')).rejects.toMatchObject({ status: 401 });

    for (const key of ['accessToken', 'refreshToken', 'user', 'rememberMe', 'impersonation']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('goes to /login without calling refresh when no superadmin refresh token was kept', async () => {
    storeImpersonation(null);
    const fetchMock = mockFetch(() => expired());

    await expect(apiClient.get('/proposals')).rejects.toMatchObject({ status: 401 });

    expect(calls(fetchMock, '/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem('impersonation')).toBeNull();
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('keeps the impersonation when the restore cannot reach the server', async () => {
    storeImpersonation();
    mockFetch((url) => {
      if (url.endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
      return expired();
    });

    await expect(apiClient.get('/proposals')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });

    expect(localStorage.getItem('accessToken')).toBe('imp-access');
    expect(localStorage.getItem('impersonation')).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('passes a 403 of the impersonated user on untouched', async () => {
    storeImpersonation();
    const fetchMock = mockFetch(() => apiError(403, 'FORBIDDEN', 'Não tem permissão para esta ação'));

    await expect(apiClient.delete('/clients/c1')).rejects.toMatchObject({ status: 403 });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('impersonation')).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs out with an expired impersonation token by restoring, then signing the superadmin session out', async () => {
    storeImpersonation();
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/auth/refresh')) return restored();
      return header(init, 'Authorization') === 'Bearer super-access-2'
        ? jsonResponse(200, { data: { ok: true } })
        : expired();
    });

    await expect(apiClient.post('/auth/logout', { refreshToken: 'super-refresh' })).resolves.toEqual({
      data: { ok: true },
    });

    expect(calls(fetchMock, '/auth/logout')).toHaveLength(2);
    expect(assign).not.toHaveBeenCalled();
  });
});
