import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProductPickerModal } from './product-picker-modal';

const product = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Produto ${n}`,
  description: null,
  sku: null,
  category: null,
  price: 1000 + n,
  formattedPrice: '10,00 €',
  unit: 'unidade',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const CATALOGUE = Array.from({ length: 45 }, (_, i) => product(i + 1));

function stubCatalogue() {
  return mockApi({
    'GET /products': ({ url }) => {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const matching = CATALOGUE.filter((p) => p.name.toLowerCase().includes(search));
      return jsonResponse(200, {
        data: matching.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: matching.length, totalPages: Math.ceil(matching.length / limit) },
      });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductPickerModal', () => {
  it('says how many products there are and shows more on request, beyond the first 20', async () => {
    stubCatalogue();
    const { user } = renderWithProviders(<ProductPickerModal opened onClose={vi.fn()} onPick={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar do catálogo' });

    expect(await within(dialog).findByText('A mostrar 20 de 45 produtos ativos.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Adicionar Produto/ })).toHaveLength(20);

    await user.click(within(dialog).getByRole('button', { name: 'Mostrar mais produtos' }));
    expect(await within(dialog).findByText('A mostrar 40 de 45 produtos ativos.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mostrar mais produtos' }));
    expect(await within(dialog).findByText('45 produtos ativos.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Adicionar Produto/ })).toHaveLength(45);
    expect(within(dialog).queryByRole('button', { name: 'Mostrar mais produtos' })).not.toBeInTheDocument();
  });

  it('searches as you type and counts what it found', async () => {
    const api = stubCatalogue();
    const { user } = renderWithProviders(<ProductPickerModal opened onClose={vi.fn()} onPick={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar do catálogo' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Pesquisar produtos' }), 'Produto 4');

    // "Produto 4" and "Produto 40" to "Produto 45".
    expect(await within(dialog).findByText('7 produtos encontrados.')).toBeInTheDocument();
    await waitFor(() => expect(api.queriesOf('GET /products').at(-1)?.get('search')).toBe('Produto 4'));
  });
});
