import { CUSTOM_DOMAIN_MESSAGES } from '@aceite/shared/schemas/custom-domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { CustomDomainPanel } from './custom-domain-panel';

function domain(verifiedAt: string | null) {
  return {
    domain: 'propostas.empresa.pt',
    recordName: '_aceite-verification.propostas.empresa.pt',
    recordValue: 'aceite-verification=tok',
    cnameTarget: 'app.aceite.pt',
    verifiedAt,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('Configurações → Segurança, Domínio personalizado (docs/product.md#white-label)', () => {
  it('saves a domain, shows the records to publish, shows the 422 of a missing record, then verifies', async () => {
    let verifies = 0;
    const api = mockApi({
      'GET /settings/custom-domain': () => jsonResponse(200, { data: { domain: null, available: true } }),
      'PUT /settings/custom-domain': () =>
        jsonResponse(200, { data: { domain: domain(null), available: true } }),
      'POST /settings/custom-domain/verify': () =>
        ++verifies === 1
          ? jsonResponse(422, {
              error: { code: 'UNPROCESSABLE', message: CUSTOM_DOMAIN_MESSAGES.txtMissing, requestId: 'r' },
            })
          : jsonResponse(200, { data: { domain: domain('2026-01-02T10:30:00.000Z'), available: true } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<CustomDomainPanel onMessage={onMessage} />);

    expect(await screen.findByText('Ainda não configurou um domínio personalizado.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Domínio das propostas/), 'não é domínio');
    await user.click(screen.getByRole('button', { name: 'Guardar domínio' }));
    expect(await screen.findByText(CUSTOM_DOMAIN_MESSAGES.domainInvalid)).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/custom-domain')).toEqual([]);

    await user.clear(screen.getByLabelText(/^Domínio das propostas/));
    await user.type(screen.getByLabelText(/^Domínio das propostas/), 'Propostas.Empresa.pt');
    await user.click(screen.getByRole('button', { name: 'Guardar domínio' }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /settings/custom-domain')).toEqual([{ domain: 'propostas.empresa.pt' }]),
    );

    expect(await screen.findByText('Por verificar')).toBeInTheDocument();
    expect(screen.getByText('_aceite-verification.propostas.empresa.pt')).toBeInTheDocument();
    expect(screen.getByText('aceite-verification=tok')).toBeInTheDocument();
    expect(screen.getByText('app.aceite.pt')).toBeInTheDocument();
    for (const name of [
      'nome do registo txt',
      'valor do registo txt',
      'nome do registo cname',
      'destino do registo cname',
    ])
      expect(screen.getByRole('button', { name: `Copiar ${name}` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ type: 'error', text: CUSTOM_DOMAIN_MESSAGES.txtMissing }),
    );
    expect(screen.getByText('Por verificar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Verificado em 02/01/2026, 10:30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar' })).not.toBeInTheDocument();
  });

  it('removes the domain after confirmation', async () => {
    let removed = false;
    const api = mockApi({
      'GET /settings/custom-domain': () =>
        jsonResponse(200, { data: { domain: removed ? null : domain(null), available: true } }),
      'DELETE /settings/custom-domain': () => {
        removed = true;
        return jsonResponse(200, { data: { ok: true } });
      },
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<CustomDomainPanel onMessage={onMessage} />);
    await user.click(await screen.findByRole('button', { name: 'Remover domínio' }));
    expect(await screen.findByText(/Tem a certeza de que quer remover/)).toBeInTheDocument();
    expect(api.bodiesOf('DELETE /settings/custom-domain')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Ainda não configurou um domínio personalizado.')).toBeInTheDocument();
    expect(onMessage).toHaveBeenCalledWith({
      type: 'success',
      text: 'Domínio propostas.empresa.pt removido.',
    });
  });

  it('without Enterprise: the plan notice and a disabled form', async () => {
    mockApi({
      'GET /settings/custom-domain': () => jsonResponse(200, { data: { domain: null, available: false } }),
      'GET /settings/organization/usage': () => jsonResponse(500, {}),
    });
    renderWithOverlays(<CustomDomainPanel onMessage={vi.fn()} />);
    expect(await screen.findByText('O seu plano não inclui o domínio personalizado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar domínio' })).toBeDisabled();
    expect(screen.getByLabelText(/^Domínio das propostas/)).toBeDisabled();
  });

  it('an error loading says so', async () => {
    mockApi({
      'GET /settings/custom-domain': () => jsonResponse(500, { error: { code: 'X', message: 'x' } }),
    });
    renderWithOverlays(<CustomDomainPanel onMessage={vi.fn()} />);
    expect(await screen.findByText('Erro ao carregar o domínio personalizado')).toBeInTheDocument();
  });
});
