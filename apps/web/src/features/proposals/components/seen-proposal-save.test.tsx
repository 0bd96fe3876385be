import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues, newItem, type ProposalFormValues } from './proposal-form-values';

vi.setConfig({ testTimeout: 60_000 });

const USER = buildUser({ role: 'sales' });
const ID = '3f2b8c1e-6a4d-4e2f-9b7c-1d2e3f4a5b6c';
const CLIENT = {
  id: '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11',
  name: 'Padaria Lusitana',
  company: null,
  email: 'geral@lusitana.pt',
};

function values(status: ProposalFormValues['status']): ProposalFormValues {
  return {
    ...emptyProposalValues(USER.id),
    title: 'Loja online',
    clientId: CLIENT.id,
    status,
    items: [newItem({ name: 'Design', quantity: 1, unitPrice: 100 })],
  };
}

function renderEditor(status: ProposalFormValues['status']) {
  const api = mockApi({
    'GET /clients': () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/approval`]: () =>
      jsonResponse(200, { data: { blocksSending: false, reopened: false } }),
    [`PUT /proposals/${ID}`]: ({ body }) => jsonResponse(200, { data: { id: ID, ...(body as object) } }),
  });
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <ProposalForm
      proposalId={ID}
      initialValues={values(status)}
      initialClient={CLIENT}
      cancelTo={`/proposals/${ID}`}
      onSaved={onSaved}
    />,
  );
  const puts = () =>
    api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url]) => String(url));
  return { ...view, onSaved, puts };
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

describe('saving a proposal the client has already seen', () => {
  it("warns 'O cliente já viu esta proposta' first, and saves nothing until confirmed", async () => {
    const { user, puts, onSaved } = renderEditor('viewed');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const dialog = await screen.findByRole('dialog', { name: 'O cliente já viu esta proposta' });
    expect(dialog).toHaveTextContent('nova versão');
    expect(puts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves as a new version and tells the client when asked', async () => {
    const { user, puts, onSaved } = renderEditor('sent');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'O cliente já viu esta proposta' });
    const notify = within(dialog).getByRole('checkbox', { name: /Avisar o cliente/ });
    expect(notify).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar nova versão' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(puts()).toEqual([`/api/v1/proposals/${ID}?notifyClient=true`]);
  });

  it('saves without telling the client when the box is cleared', async () => {
    const { user, puts, onSaved } = renderEditor('viewed');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'O cliente já viu esta proposta' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Avisar o cliente/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar nova versão' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(puts()).toEqual([`/api/v1/proposals/${ID}`]);
  });

  it('saves a draft straight away, without a warning', async () => {
    const { user, puts, onSaved } = renderEditor('draft');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts()).toEqual([`/api/v1/proposals/${ID}`]);
  });
});
