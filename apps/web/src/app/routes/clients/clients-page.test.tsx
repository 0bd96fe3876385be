import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ClientsPage } from './clients-page';

const CLIENT = {
  id: '6f1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b22',
  name: 'Marta Sousa',
  company: 'Padaria Central',
  email: 'marta@padaria.pt',
  phone: null,
  taxId: null,
  address: { street: null, city: 'Porto', postalCode: null, country: 'Portugal' },
  notes: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

function signInAs(role: 'admin' | 'viewer') {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(buildUser({ role })));
  syncAuthFromStorage();
}

function mockClients() {
  return mockApi({
    'GET /clients': ({ url }) => {
      const search = url.searchParams.get('search');
      const data = search && !'marta'.includes(search.toLowerCase()) ? [] : [CLIENT];
      return jsonResponse(200, {
        data,
        pagination: { page: 1, limit: 20, total: data.length, totalPages: 1 },
      });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('ClientsPage', { timeout: 20_000 }, () => {
  it('keeps the search in the URL and searches once typing pauses', async () => {
    signInAs('admin');
    const { fetchMock } = mockClients();
    const { user, router } = renderRoutes([{ path: '/clients', element: <ClientsPage /> }], {
      route: '/clients',
    });
    expect(await screen.findByText('Marta Sousa')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar clientes' }), 'zzz');
    expect(router.state.location.search).toBe('?search=zzz');
    expect(await screen.findByText('Nenhum cliente encontrado', {}, { timeout: 4000 })).toBeInTheDocument();
    const searches = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('search='));
    expect(searches).toEqual(['/api/v1/clients?search=zzz&page=1&limit=20']);
  });

  it("offers 'Novo cliente' to a writer but not to a viewer", async () => {
    signInAs('viewer');
    mockClients();
    renderRoutes([{ path: '/clients', element: <ClientsPage /> }], { route: '/clients' });
    expect(await screen.findByText('Marta Sousa')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Novo cliente' })).not.toBeInTheDocument();
  });
});
