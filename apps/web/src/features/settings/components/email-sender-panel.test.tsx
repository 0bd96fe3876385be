import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { EmailSenderPanel } from './email-sender-panel';

const DKIM_VALUE = 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA';

function sender(verifiedAt: string | null) {
  return {
    name: 'Demo Lda',
    address: 'propostas@empresa.pt',
    domain: 'empresa.pt',
    ownershipRecord: { name: '_aceite-verification.empresa.pt', value: 'aceite-verification=tok' },
    dkimRecord: { name: 's20261130abcdef._domainkey.empresa.pt', value: DKIM_VALUE },
    verifiedAt,
    updatedAt: '2026-11-30T00:00:00.000Z',
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('Configurações → Organização → Remetente dos emails (docs/product.md#white-label)', () => {
  it('saves a sender, shows both records with copy buttons, and says which record is missing', async () => {
    const api = mockApi({
      'GET /settings/email-sender': () => jsonResponse(200, { data: { sender: null, available: true } }),
      'PUT /settings/email-sender': () =>
        jsonResponse(200, { data: { sender: sender(null), available: true } }),
      'POST /settings/email-sender/verify': () =>
        jsonResponse(422, {
          error: {
            code: 'UNPROCESSABLE',
            message: 'Falta o registo DKIM. Confirme os registos no DNS e tente novamente.',
            details: [{ field: 'dkimRecord', message: 'Falta o registo DKIM.' }],
          },
        }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<EmailSenderPanel onMessage={onMessage} />);

    expect(await screen.findByText(/Ainda não configurou um remetente/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Endereço do remetente/), 'não é email');
    await user.click(screen.getByRole('button', { name: 'Guardar remetente' }));
    expect(await screen.findByText('Indique o nome do remetente')).toBeInTheDocument();
    expect(screen.getByText('Por favor, insira um email válido')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/email-sender')).toEqual([]);

    await user.type(screen.getByLabelText(/^Nome do remetente/), 'Demo Lda');
    await user.clear(screen.getByLabelText(/^Endereço do remetente/));
    await user.type(screen.getByLabelText(/^Endereço do remetente/), 'Propostas@Empresa.pt');
    await user.click(screen.getByRole('button', { name: 'Guardar remetente' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/email-sender')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/email-sender')[0]).toEqual({
      name: 'Demo Lda',
      // The server trims and lower-cases it (the shared schema).
      address: 'Propostas@Empresa.pt',
    });

    expect(await screen.findByText('s20261130abcdef._domainkey.empresa.pt')).toBeInTheDocument();
    expect(screen.getByText(DKIM_VALUE)).toBeInTheDocument();
    expect(screen.getByText('_aceite-verification.empresa.pt')).toBeInTheDocument();
    expect(screen.getByText('Por verificar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar valor (txt) do Registo DKIM' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenLastCalledWith({
        type: 'error',
        text: 'Falta o registo DKIM. Confirme os registos no DNS e tente novamente.',
      }),
    );
  });

  it('a verified sender says so, and removing it asks first', async () => {
    const api = mockApi({
      'GET /settings/email-sender': () =>
        jsonResponse(200, { data: { sender: sender('2026-11-30T00:00:00.000Z'), available: true } }),
      'DELETE /settings/email-sender': () => jsonResponse(200, { data: { ok: true } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<EmailSenderPanel onMessage={onMessage} />);
    expect(await screen.findByText('Verificado')).toBeInTheDocument();
    expect(screen.getByText(/saem de propostas@empresa.pt, assinados com DKIM/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover remetente' }));
    await user.click(await screen.findByRole('button', { name: 'Remover' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ type: 'success', text: 'Remetente removido.' }),
    );
    expect(api.bodiesOf('DELETE /settings/email-sender')).toHaveLength(1);
  });

  it('without Enterprise: the plan notice and a disabled form', async () => {
    mockApi({
      'GET /settings/email-sender': () => jsonResponse(200, { data: { sender: null, available: false } }),
      'GET /settings/organization/usage': () => jsonResponse(500, {}),
    });
    renderWithOverlays(<EmailSenderPanel onMessage={vi.fn()} />);
    expect(await screen.findByText(/não inclui a marca própria/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar remetente' })).toBeDisabled();
  });

  it('an error loading says so', async () => {
    mockApi({
      'GET /settings/email-sender': () => jsonResponse(500, { error: { code: 'X', message: 'x' } }),
    });
    renderWithOverlays(<EmailSenderPanel onMessage={vi.fn()} />);
    expect(await screen.findByText('Erro ao carregar o remetente dos emails')).toBeInTheDocument();
  });
});
