import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { DuplicateButton } from './duplicate-button';

// docs/product.md#duplicating-a-proposal
const ID = '00000000-0000-4000-8000-000000000001';
const COPY = '00000000-0000-4000-8000-000000000002';
const RUI = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Rui Costa',
  company: null,
  email: 'rui@costa.pt',
};
const ANA = {
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Ana Lopes',
  company: 'Lopes, Lda.',
  email: 'ana@lopes.pt',
};
const copy = {
  id: COPY,
  number: 'ORC 2026/0043',
  title: 'Website (cópia)',
  vatRateChanges: [],
  vatNotice: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('DuplicateButton', () => {
  it('asks for whom, duplicates for the same client, says the new number and opens the copy', async () => {
    const api = mockApi({
      'GET /clients': () => jsonResponse(200, { data: [RUI, ANA] }),
      [`POST /proposals/${ID}/duplicate`]: () => jsonResponse(201, { data: copy }),
    });
    const { user, router } = renderWithOverlays(
      <DuplicateButton proposal={{ id: ID, title: 'Website', client: RUI }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Duplicar Website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar proposta' });
    expect(within(dialog).getByRole('combobox', { name: 'Cliente' })).toHaveValue('Rui Costa');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Proposta duplicada: ORC 2026/0043.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/proposals/${COPY}/edit`));
    expect(api.bodiesOf(`POST /proposals/${ID}/duplicate`)).toEqual([{}]);
  });

  it("'Duplicar para outro cliente': sends the chosen client and passes the IVA notice to the editor", async () => {
    const notice = 'As taxas de IVA foram atualizadas para a região atual (Madeira): 23 % → 22 %.';
    const api = mockApi({
      'GET /clients': () => jsonResponse(200, { data: [RUI, ANA] }),
      [`POST /proposals/${ID}/duplicate`]: () =>
        jsonResponse(201, {
          data: { ...copy, vatRateChanges: [{ line: 0, from: 23, to: 22 }], vatNotice: notice },
        }),
    });
    const { user, router } = renderWithOverlays(
      <DuplicateButton proposal={{ id: ID, title: 'Website', client: RUI }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Duplicar Website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar proposta' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Cliente' }));
    await user.click(await screen.findByRole('option', { name: /Ana Lopes/, hidden: true }));
    expect(within(dialog).getByText(/A cópia fica para Ana Lopes/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Duplicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/proposals/${COPY}/edit`));
    expect(api.bodiesOf(`POST /proposals/${ID}/duplicate`)).toEqual([{ clientId: ANA.id }]);
    expect(router.state.location.state).toEqual({ vatNotice: notice });
  });

  it("shows the server's message and stays put when refused", async () => {
    mockApi({
      'GET /clients': () => jsonResponse(200, { data: [] }),
      [`POST /proposals/${ID}/duplicate`]: () => apiError(403, 'FORBIDDEN', 'Sem permissão para esta ação'),
    });
    const { user, router } = renderWithOverlays(<DuplicateButton proposal={{ id: ID, title: 'Website' }} />, {
      route: `/proposals/${ID}`,
    });
    await user.click(screen.getByRole('button', { name: 'Duplicar Website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicar proposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Duplicar' }));
    expect(await screen.findByText('Sem permissão para esta ação')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/proposals/${ID}`);
  });
});
