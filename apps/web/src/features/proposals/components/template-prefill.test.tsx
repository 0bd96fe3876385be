import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProposalNewPage } from '@/app/routes/proposals/proposal-new-page';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';

vi.setConfig({ testTimeout: 60_000 });

const USER = buildUser({ role: 'sales' });
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

function summaryTotal() {
  const summary = screen.getByRole('region', { name: 'Resumo financeiro' });
  return plain(within(summary).getByText('Total').nextElementSibling?.textContent);
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe("'Usar modelo' keeps what the template promises", () => {
  it('carries each line’s unit, discount and IVA: 1000,00 € − 10 % + 6 % IVA stays 954,00 €', async () => {
    mockApi({
      'GET /clients': () => jsonResponse(200, { data: [] }),
      'GET /users': () => jsonResponse(200, { data: [] }),
    });
    const template = {
      name: 'Alojamento gerido',
      description: null,
      content: {
        blocks: [],
        items: [
          {
            id: 'i1',
            description: 'Alojamento',
            quantity: 1,
            unit: 'mês',
            unitPrice: 100_000,
            discount: 10,
            tax: 6,
          },
        ],
      },
    };
    renderRoutes([{ path: '/proposals/new', element: <ProposalNewPage /> }], {
      route: { pathname: '/proposals/new', state: { template } } as unknown as string,
    });

    const item = await screen.findByRole('group', { name: 'Item 1' });
    expect(within(item).getByLabelText('Unidade')).toHaveValue('mês');
    expect(within(item).getByLabelText('Desconto (%)')).toHaveValue('10');
    expect(summaryTotal()).toBe('954,00 €');
  });
});
