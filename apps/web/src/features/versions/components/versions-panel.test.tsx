import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { VersionsPanel } from './versions-panel';

const PROPOSAL = '00000000-0000-4000-8000-000000000001';
const version = {
  id: '00000000-0000-4000-8000-000000000011',
  versionNumber: 1,
  changeNotes: 'Primeira proposta',
  creator: { firstName: 'Vera', lastName: 'Vieira' },
  createdAt: '2026-11-20T10:00:00.000Z',
  title: 'Website',
  totalValue: 123_000,
  currency: 'EUR',
  taxRate: 23,
};
const snapshot = {
  title: 'Website institucional',
  description: 'Novo site',
  content: {
    blocks: [{ id: 'b1', title: 'Âmbito', content: 'Três páginas' }],
    items: [{ name: 'Design', description: '', quantity: 2, unitPrice: 50_000 }],
  },
  discountType: 'percentage',
  discountValue: 0,
  taxRate: 23,
  subtotal: 100_000,
  discountAmount: 0,
  taxAmount: 23_000,
  totalValue: 123_000,
  currency: 'EUR',
  validUntil: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('VersionsPanel', () => {
  it('lists versions and shows a version with its full snapshot', async () => {
    mockApi({
      [`GET /proposals/${PROPOSAL}/versions`]: () => jsonResponse(200, { data: [version] }),
      [`GET /proposals/${PROPOSAL}/versions/1`]: () => jsonResponse(200, { data: { ...version, snapshot } }),
    });
    const { user } = renderWithOverlays(<VersionsPanel proposalId={PROPOSAL} canCreate={false} />);
    expect(await screen.findByText('Primeira proposta')).toBeInTheDocument();
    expect(screen.getByText(/1\s230,00\s€/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar versão' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versão 1' });
    expect(await within(dialog).findByText('Website institucional')).toBeInTheDocument();
    expect(within(dialog).getByText('Três páginas')).toBeInTheDocument();
    expect(within(dialog).getByText('Design')).toBeInTheDocument();
  });

  it("asks for notes ('Por favor, adicione notas sobre as alterações') and sends them trimmed", async () => {
    const api = mockApi({
      [`GET /proposals/${PROPOSAL}/versions`]: () => jsonResponse(200, { data: [] }),
      [`POST /proposals/${PROPOSAL}/versions`]: () => jsonResponse(201, { data: { ...version, snapshot } }),
    });
    const { user } = renderWithOverlays(<VersionsPanel proposalId={PROPOSAL} canCreate />);
    await user.click(await screen.findByRole('button', { name: 'Criar versão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar versão' });
    await user.type(within(dialog).getByRole('textbox', { name: /Notas sobre as alterações/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Criar versão' }));
    expect(
      await within(dialog).findByText('Por favor, adicione notas sobre as alterações'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST /proposals/${PROPOSAL}/versions`)).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Notas sobre as alterações/ }),
      'Preço revisto ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Criar versão' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST /proposals/${PROPOSAL}/versions`)).toEqual([
        { changeNotes: 'Preço revisto' },
      ]),
    );
  });

  it("shows 'Erro ao carregar versões' when the list fails", async () => {
    mockApi({ [`GET /proposals/${PROPOSAL}/versions`]: () => jsonResponse(500, {}) });
    renderWithOverlays(<VersionsPanel proposalId={PROPOSAL} canCreate />);
    expect(await screen.findByText('Erro ao carregar versões')).toBeInTheDocument();
  });
});
