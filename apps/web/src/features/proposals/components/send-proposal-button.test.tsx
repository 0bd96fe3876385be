import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { SendProposalButton } from './send-proposal-button';

const ID = '00000000-0000-4000-8000-000000000001';

afterEach(() => vi.unstubAllGlobals());

describe('SendProposalButton', () => {
  it("says 'Proposta sem cliente associado' and sends nothing without a client", async () => {
    const api = mockApi({});
    const { user } = renderWithOverlays(
      <SendProposalButton proposal={{ id: ID, title: 'Website', client: null }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    expect(await screen.findByText('Proposta sem cliente associado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("asks first, naming the client's email, then sends and tells the recipient", async () => {
    const api = mockApi({
      [`POST /proposals/${ID}/send`]: () =>
        jsonResponse(200, { data: { recipient: 'rita@exemplo.pt', status: 'sent' } }),
    });
    const onSent = vi.fn();
    const { user } = renderWithOverlays(
      <SendProposalButton
        proposal={{ id: ID, title: 'Website', client: { name: 'Rita', email: 'rita@exemplo.pt' } }}
        onSent={onSent}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta por email' });
    expect(within(dialog).getByText('rita@exemplo.pt')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Proposta enviada para rita@exemplo.pt.')).toBeInTheDocument();
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
  });
});
