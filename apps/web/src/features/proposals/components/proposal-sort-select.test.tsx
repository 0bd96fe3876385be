import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProposalsPage } from '@/app/routes/proposals/proposals-page';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(buildUser({ role: 'sales' })));
  syncAuthFromStorage();
});
afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
});

describe("the proposals list's order (docs/product.md#reading)", () => {
  it("asks the server for the client's last view first when 'Última visualização' is chosen, and back", async () => {
    const api = mockApi({
      'GET /proposals': () =>
        jsonResponse(200, { data: [], pagination: { page: 1, limit: 24, total: 0, totalPages: 1 } }),
    });
    const { user } = renderRoutes([{ path: '/proposals', element: <ProposalsPage /> }], {
      route: '/proposals',
    });
    const order = await screen.findByRole('combobox', { name: 'Ordenar por' });
    expect(order).toHaveValue('created');
    await waitFor(() => expect(api.queriesOf('GET /proposals')).toHaveLength(1));
    expect(api.queriesOf('GET /proposals')[0]?.get('sort')).toBeNull();

    await user.selectOptions(order, 'Última visualização');
    await waitFor(() => expect(api.queriesOf('GET /proposals').at(-1)?.get('sort')).toBe('lastViewed'));
    await user.selectOptions(order, 'Mais recentes');
    await waitFor(() => expect(api.queriesOf('GET /proposals').at(-1)?.get('sort')).toBeNull());
  });
});
