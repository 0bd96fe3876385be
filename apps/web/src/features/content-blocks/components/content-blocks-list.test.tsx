import type { ContentBlock } from '@aceite/shared/schemas/content-blocks';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ContentBlocksList } from './content-blocks-list';

const ME = buildUser({ id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01', role: 'sales' });

const block = (id: string, name: string, createdBy: ContentBlock['createdBy']): ContentBlock => ({
  id,
  name,
  block: { type: 'text', title: name, content: 'Texto' },
  createdBy,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
});

const MINE = block('6b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01', 'Meu bloco', {
  id: ME.id,
  firstName: 'Vera',
  lastName: 'Vieira',
});
const THEIRS = block('6b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02', 'Bloco da equipa', {
  id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02',
  firstName: 'Rui',
  lastName: 'Reis',
});

beforeEach(() => {
  localStorage.setItem('accessToken', 'a');
  localStorage.setItem('refreshToken', 'r');
  localStorage.setItem('user', JSON.stringify(ME));
  syncAuthFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

const list = (props: { search?: string } = {}) => (
  <ContentBlocksList search={props.search ?? ''} page={1} onSearchChange={vi.fn()} onPageChange={vi.fn()} />
);

describe('ContentBlocksList (docs/product.md#block-library)', () => {
  it('offers a sales member edit and delete on their own blocks only', async () => {
    mockApi({
      'GET /content-blocks': () =>
        jsonResponse(200, {
          data: [THEIRS, MINE],
          pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
        }),
    });
    renderWithProviders(list());
    expect(await screen.findAllByText('Meu bloco')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Editar Meu bloco' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Meu bloco' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Bloco da equipa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Bloco da equipa' })).not.toBeInTheDocument();
    expect(screen.getByText('2 blocos')).toBeInTheDocument();
  });

  it('says when the library is empty, and when nothing matches the search', async () => {
    const api = mockApi({
      'GET /content-blocks': () =>
        jsonResponse(200, { data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1 } }),
    });
    const { unmount } = renderWithProviders(list());
    expect(await screen.findByText('A biblioteca está vazia')).toBeInTheDocument();
    unmount();
    renderWithProviders(list({ search: 'garantia' }));
    expect(await screen.findByText('Nenhum bloco encontrado')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.queriesOf('GET /content-blocks').some((q) => q.get('search') === 'garantia')).toBe(true),
    );
  });
});
