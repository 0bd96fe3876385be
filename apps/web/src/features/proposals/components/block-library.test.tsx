import type { ContentBlock } from '@aceite/shared/schemas/content-blocks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

// The editor is a large form; jsdom renders and types into it slowly.
vi.setConfig({ testTimeout: 60_000 });

const USER = buildUser({ role: 'sales' });

let library: ContentBlock = {
  id: '2b9c1d7c-2f4e-4a53-9d37-1f1f0c4a2b55',
  name: 'Condições de pagamento',
  block: { type: 'text', title: 'Condições', content: 'Pagamento a 30 dias.' },
  createdBy: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

beforeEach(() => {
  localStorage.setItem('accessToken', 'a');
  localStorage.setItem('refreshToken', 'r');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

function renderEditor() {
  const api = mockApi({
    'GET /clients': () => jsonResponse(200, { data: [] }),
    'GET /content-blocks': () =>
      jsonResponse(200, { data: [library], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } }),
    'POST /content-blocks': ({ body }) => jsonResponse(201, { data: { ...library, ...(body as object) } }),
  });
  const view = renderWithProviders(
    <ProposalForm initialValues={emptyProposalValues(USER.id)} cancelTo="/proposals" onSaved={vi.fn()} />,
    { route: '/proposals/new' },
  );
  return { ...view, api };
}

async function insertFromLibrary(user: ReturnType<typeof renderEditor>['user']) {
  await user.click(screen.getByRole('button', { name: 'Inserir da biblioteca' }));
  const dialog = await screen.findByRole('dialog', { name: 'Inserir da biblioteca' });
  await user.click(await within(dialog).findByRole('option', { name: /Condições de pagamento/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Inserir bloco' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('proposal editor and the block library (docs/product.md#block-library)', () => {
  it('inserts a copy: a later change to the library block does not reach the proposal', async () => {
    const { user } = renderEditor();
    await insertFromLibrary(user);
    const first = screen.getByRole('group', { name: 'Bloco 1' });
    expect(within(first).getByLabelText('Título do bloco')).toHaveValue('Condições');
    expect(within(first).getByLabelText('Texto')).toHaveValue('Pagamento a 30 dias.');

    // The library block is edited (on the Blocos screen, by anyone): the next read of the library has it.
    library = {
      ...library,
      block: { type: 'text', title: 'Condições novas', content: 'Pagamento a 60 dias.' },
    };
    await insertFromLibrary(user);
    const second = screen.getByRole('group', { name: 'Bloco 2' });
    expect(within(second).getByLabelText('Texto')).toHaveValue('Pagamento a 60 dias.');
    expect(within(first).getByLabelText('Título do bloco')).toHaveValue('Condições');
    expect(within(first).getByLabelText('Texto')).toHaveValue('Pagamento a 30 dias.');
  });

  it('saves a block of the proposal to the library under the name given', async () => {
    const { user, api } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Adicionar bloco' }));
    const first = screen.getByRole('group', { name: 'Bloco 1' });
    await user.type(within(first).getByLabelText('Título do bloco'), 'Garantia');
    await user.type(within(first).getByLabelText('Texto'), 'Dois anos.');
    await user.click(within(first).getByRole('button', { name: 'Guardar bloco 1 na biblioteca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar na biblioteca' });
    const name = within(dialog).getByLabelText(/Nome do bloco/);
    expect(name).toHaveValue('Garantia');
    await user.type(name, ' padrão');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /content-blocks')).toEqual([
        { name: 'Garantia padrão', block: { type: 'text', title: 'Garantia', content: 'Dois anos.' } },
      ]),
    );
    // Saving to the library is not saving the proposal (the dialog's form sits inside the editor's in React).
    expect(api.bodiesOf('POST /proposals')).toEqual([]);
    expect(screen.queryAllByText('Título e Cliente são obrigatórios')).toHaveLength(0);
  });
});
