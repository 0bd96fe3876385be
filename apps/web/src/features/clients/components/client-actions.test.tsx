import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { CLIENT_PSEUDONYMISED, ClientActions } from './client-actions';

const CLIENT = { id: '3b1f0c9e-2a4d-4f6b-9c8e-7d5a1b2c3d4e', name: 'Maria Rocha' };

// jsdom has no object URLs: the test lends them and gives back whatever was there.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('ClientActions (docs/product.md#personal-data)', { timeout: 20_000 }, () => {
  it("shows 'Exportar dados' only when allowed, and saves the ZIP the server sends", async () => {
    const api = mockApi({
      [`GET /clients/${CLIENT.id}/export`]: () =>
        new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/zip' } }),
    });
    const makeUrl = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL: makeUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const { unmount } = renderWithOverlays(<ClientActions client={CLIENT} canEdit canDelete />);
    expect(screen.queryByRole('button', { name: 'Exportar dados' })).not.toBeInTheDocument();
    unmount();

    const { user } = renderWithOverlays(<ClientActions client={CLIENT} canEdit canDelete canExport />);
    await user.click(screen.getByRole('button', { name: 'Exportar dados' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe(`cliente-${CLIENT.id}.zip`);
    expect(makeUrl).toHaveBeenCalledTimes(1);
  });

  it('says when deleting pseudonymised the client instead of removing it', async () => {
    mockApi({
      [`DELETE /clients/${CLIENT.id}`]: () => jsonResponse(200, { data: { ok: true, pseudonymised: true } }),
    });
    const { user } = renderWithOverlays(<ClientActions client={CLIENT} canEdit canDelete />);
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    expect(dialog).toHaveTextContent('as respostas ficam guardadas como prova');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(CLIENT_PSEUDONYMISED)).toBeInTheDocument();
  });

  it('names the open proposals that pseudonymising will cancel (issue 37)', async () => {
    mockApi({});
    const proposal = (
      n: number,
      status: 'accepted' | 'sent' | 'viewed' | 'draft' | 'rejected' | 'expired',
    ) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      number: `ORC 2026/000${n}`,
      title: `Proposta ${n}`,
      status,
    });
    const client = {
      ...CLIENT,
      proposals: [
        proposal(1, 'accepted'),
        proposal(2, 'sent'),
        proposal(3, 'viewed'),
        proposal(4, 'expired'),
      ],
    };
    const { user } = renderWithOverlays(<ClientActions client={client} canEdit canDelete />);
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    expect(dialog).toHaveTextContent('Estas 2 propostas ainda estão em aberto e vão ser canceladas');
    const list = within(dialog).getByRole('list', { name: 'Propostas que vão ser canceladas' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ORC 2026/0002 · Proposta 2 (Enviada)', 'ORC 2026/0003 · Proposta 3 (Visualizada)']);
  });
});
