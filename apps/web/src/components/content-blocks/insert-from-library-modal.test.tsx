import type { ContentBlock } from '@aceite/shared/schemas/content-blocks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { InsertFromLibraryModal } from './insert-from-library-modal';
import { SaveToLibraryModal } from './save-to-library-modal';

const block = (overrides: Partial<ContentBlock> = {}): ContentBlock => ({
  id: '2b9c1d7c-2f4e-4a53-9d37-1f1f0c4a2b55',
  name: 'Condições de pagamento',
  block: { type: 'text', title: 'Condições', content: 'Pagamento a 30 dias.' },
  createdBy: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
  ...overrides,
});

const HOSTILE = block({
  id: '3c9c1d7c-2f4e-4a53-9d37-1f1f0c4a2b56',
  name: 'Marcação',
  block: { type: 'text', title: '<b>Negrito</b>', content: '<img src=x onerror="alert(1)"> texto' },
});

const page = (data: ContentBlock[]) =>
  jsonResponse(200, { data, pagination: { page: 1, limit: 20, total: data.length, totalPages: 1 } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InsertFromLibraryModal', () => {
  it('searches the library, previews a block as plain text and inserts a copy', async () => {
    const api = mockApi({
      'GET /content-blocks': ({ url }) =>
        page(url.searchParams.get('search') === 'Marca' ? [HOSTILE] : [block(), HOSTILE]),
    });
    const onInsert = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <InsertFromLibraryModal opened onClose={onClose} onInsert={onInsert} />,
    );
    const list = await screen.findByRole('listbox', { name: 'Blocos da biblioteca' });
    await within(list).findByText('Condições de pagamento');
    await user.type(screen.getByLabelText('Pesquisar blocos'), 'Marca');
    await waitFor(() => expect(within(list).queryByText('Condições de pagamento')).not.toBeInTheDocument());
    expect(api.queriesOf('GET /content-blocks').at(-1)?.get('search')).toBe('Marca');

    expect(screen.getByRole('button', { name: 'Inserir bloco' })).toBeDisabled();
    await user.click(within(list).getByRole('option', { name: /Marcação/ }));
    const preview = screen.getByRole('region', { name: 'Pré-visualização de Marcação' });
    // The block's markup is shown as the text it is, never parsed into elements.
    expect(within(preview).getByText('<b>Negrito</b>')).toBeInTheDocument();
    expect(within(preview).getByText('<img src=x onerror="alert(1)"> texto')).toBeInTheDocument();
    expect(preview.querySelector('img, b')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Inserir bloco' }));
    expect(onInsert).toHaveBeenCalledWith(HOSTILE.block);
    // A copy: not the cached object the library list holds.
    expect(onInsert.mock.calls[0]?.[0]).not.toBe(HOSTILE.block);
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the library is empty, and offers a retry when it fails to load', async () => {
    let fail = true;
    mockApi({
      'GET /content-blocks': () =>
        fail ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'x' } }) : page([]),
    });
    const { user } = renderWithProviders(
      <InsertFromLibraryModal opened onClose={vi.fn()} onInsert={vi.fn()} />,
    );
    await screen.findByText('Não foi possível carregar a biblioteca de blocos.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByText(/A biblioteca está vazia/);
  });
});

describe('SaveToLibraryModal', () => {
  it('asks for a name (the title by default) and saves the block', async () => {
    const api = mockApi({
      'POST /content-blocks': ({ body }) => jsonResponse(201, { data: { ...block(), ...(body as object) } }),
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <SaveToLibraryModal
        block={{ type: 'list', title: 'Entregáveis', content: 'a\nb' }}
        onClose={onClose}
      />,
    );
    const name = await screen.findByLabelText(/Nome do bloco/);
    expect(name).toHaveValue('Entregáveis');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('O nome do bloco é obrigatório')).toBeInTheDocument();
    expect(api.bodiesOf('POST /content-blocks')).toEqual([]);
    await user.type(name, 'Entregáveis padrão');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodiesOf('POST /content-blocks')).toEqual([
      { name: 'Entregáveis padrão', block: { type: 'list', title: 'Entregáveis', content: 'a\nb' } },
    ]);
  });

  it('shows the server’s message when the block is too long for the library', async () => {
    mockApi({
      'POST /content-blocks': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Dados inválidos',
            details: [
              { field: 'block.content', message: 'O texto do bloco tem no máximo 20 000 caracteres' },
            ],
          },
        }),
    });
    const { user } = renderWithProviders(
      <SaveToLibraryModal block={{ type: 'text', title: 'Longo', content: 'x' }} onClose={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O texto do bloco tem no máximo 20 000 caracteres',
    );
  });
});
