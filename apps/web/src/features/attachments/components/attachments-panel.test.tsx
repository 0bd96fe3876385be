import type { Attachment } from '@aceite/shared/schemas/collaboration';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { AttachmentsPanel } from './attachments-panel';

const PROPOSAL = '00000000-0000-4000-8000-000000000001';
const attachment: Attachment = {
  id: '00000000-0000-4000-8000-000000000021',
  fileName: 'orcamento.pdf',
  description: 'Orçamento detalhado',
  fileSize: 1536,
  mimeType: 'application/pdf',
  isVisibleToClient: true,
  uploadedBy: '00000000-0000-4000-8000-0000000000aa',
  uploader: { firstName: 'Vera', lastName: 'Vieira' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('AttachmentsPanel', () => {
  it('lists name, description, size, uploader and the client flag; delete only where allowed', async () => {
    mockApi({
      [`GET /proposals/${PROPOSAL}/attachments`]: () =>
        jsonResponse(200, {
          data: [
            attachment,
            {
              ...attachment,
              id: '00000000-0000-4000-8000-000000000022',
              fileName: 'notas.txt',
              isVisibleToClient: false,
              mimeType: 'text/plain',
            },
          ],
        }),
    });
    renderWithOverlays(
      <AttachmentsPanel proposalId={PROPOSAL} canAttach canDelete={(a) => a.fileName === 'notas.txt'} />,
    );
    const items = await screen.findAllByRole('listitem');
    const [pdf, txt] = items as [HTMLElement, HTMLElement];
    expect(within(pdf).getByText('Orçamento detalhado')).toBeInTheDocument();
    expect(within(pdf).getByText(/1,5 KB · Vera Vieira/)).toBeInTheDocument();
    expect(within(pdf).getByText('Visível ao cliente')).toBeInTheDocument();
    expect(within(pdf).queryByRole('button', { name: /Eliminar anexo/ })).not.toBeInTheDocument();
    expect(within(txt).getByText('Interno')).toBeInTheDocument();
    expect(within(txt).getByRole('button', { name: 'Eliminar anexo notas.txt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar anexo' })).toBeEnabled();
  });

  it('a 404 on the list: empty, the add button disabled, and the notice of the spec', async () => {
    mockApi({
      [`GET /proposals/${PROPOSAL}/attachments`]: () => apiError(404, 'NOT_FOUND', 'Não encontrado'),
    });
    renderWithOverlays(<AttachmentsPanel proposalId={PROPOSAL} canAttach canDelete={() => true} />);
    expect(
      await screen.findByText('A funcionalidade de anexos está temporariamente desativada.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar anexo' })).toBeDisabled();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('checks size and type before uploading: nothing is sent for a file over 10 MB', async () => {
    const api = mockApi({
      [`GET /proposals/${PROPOSAL}/attachments`]: () => jsonResponse(200, { data: [] }),
    });
    const { user } = renderWithOverlays(
      <AttachmentsPanel proposalId={PROPOSAL} canAttach canDelete={() => true} />,
    );
    expect(await screen.findByText('Ainda não há anexos.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar anexo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar anexo' });
    const big = new File(['x'], 'grande.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    // biome-ignore lint/style/noNonNullAssertion: the FileInput renders its hidden input
    await user.upload(dialog.querySelector('input[type="file"]')!, big);
    expect(
      await within(dialog).findByText('Ficheiro demasiado grande. Tamanho máximo: 10MB'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Anexar' })).toBeDisabled();
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows 'Erro ao carregar anexos' when the list fails otherwise", async () => {
    mockApi({ [`GET /proposals/${PROPOSAL}/attachments`]: () => jsonResponse(500, {}) });
    renderWithOverlays(<AttachmentsPanel proposalId={PROPOSAL} canAttach canDelete={() => true} />);
    expect(await screen.findByText('Erro ao carregar anexos')).toBeInTheDocument();
  });
});
