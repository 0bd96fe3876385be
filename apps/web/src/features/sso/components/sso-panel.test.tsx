import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { SsoPanel } from './sso-panel';

const ADMIN = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ana Admin (ana@empresa.pt)' };

function connection(verifiedAt: string | null) {
  return {
    issuer: 'https://login.empresa.pt',
    clientId: 'aceite',
    clientSecretSet: true,
    domains: [
      {
        domain: 'empresa.pt',
        recordName: '_aceite-verification.empresa.pt',
        recordValue: 'aceite-verification=tok',
        verifiedAt,
      },
    ],
    defaultRole: 'sales',
    enforce: false,
    breakGlassUserId: null,
    redirectUri: 'https://app.aceite.pt/entrar/sso',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('Configurações → Segurança (docs/product.md#single-sign-on)', () => {
  it('saves a first connection, then shows the redirect URI and the TXT record to verify', async () => {
    const api = mockApi({
      'GET /settings/sso': () => jsonResponse(200, { data: { connection: null, available: true } }),
      'PUT /settings/sso': () =>
        jsonResponse(200, { data: { connection: connection(null), available: true } }),
      'POST /settings/sso/domains/empresa.pt/verify': () =>
        jsonResponse(200, { data: { connection: connection('2026-01-01T00:00:00.000Z'), available: true } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<SsoPanel admins={[ADMIN]} onMessage={onMessage} />);

    expect(await screen.findByText('Ainda não configurou uma ligação SSO.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar ligação SSO' }));
    expect(await screen.findByText(/emissor OpenID Connect/)).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/sso')).toEqual([]);

    await user.type(screen.getByLabelText(/^Emissor/), 'https://login.empresa.pt');
    await user.type(screen.getByLabelText(/^Client ID/), 'aceite');
    await user.type(screen.getByLabelText(/^Client secret/), 'segredo');
    await user.type(screen.getByLabelText(/^Domínios de email/), 'Empresa.pt');
    await user.click(screen.getByRole('button', { name: 'Guardar ligação SSO' }));

    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ type: 'success', text: 'Ligação SSO guardada.' }),
    );
    expect(api.bodiesOf('PUT /settings/sso')).toEqual([
      {
        issuer: 'https://login.empresa.pt',
        clientId: 'aceite',
        clientSecret: 'segredo',
        domains: ['Empresa.pt'],
        defaultRole: 'sales',
        enforce: false,
        breakGlassUserId: null,
      },
    ]);
    expect(await screen.findByText('https://app.aceite.pt/entrar/sso')).toBeInTheDocument();
    expect(screen.getByText('_aceite-verification.empresa.pt')).toBeInTheDocument();
    expect(screen.getByText(/Definido/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar empresa.pt' }));
    expect(await screen.findByText('Verificado')).toBeInTheDocument();
  });

  it("'Exigir SSO' asks for the break-glass admin", async () => {
    mockApi({
      'GET /settings/sso': () =>
        jsonResponse(200, { data: { connection: connection(null), available: true } }),
    });
    const { user } = renderWithOverlays(<SsoPanel admins={[ADMIN]} onMessage={vi.fn()} />);
    await user.click(await screen.findByRole('switch', { name: /Exigir SSO/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar ligação SSO' }));
    expect(await screen.findByText(/escolha o administrador/)).toBeInTheDocument();
  });

  it('without Enterprise: the plan notice and a disabled form', async () => {
    mockApi({
      'GET /settings/sso': () => jsonResponse(200, { data: { connection: null, available: false } }),
      'GET /settings/organization/usage': () => jsonResponse(500, {}),
    });
    renderWithOverlays(<SsoPanel admins={[]} onMessage={vi.fn()} />);
    expect(await screen.findByText(/não inclui o início de sessão único/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar ligação SSO' })).toBeDisabled();
  });

  it('an error loading says so', async () => {
    mockApi({ 'GET /settings/sso': () => jsonResponse(500, { error: { code: 'X', message: 'x' } }) });
    renderWithOverlays(<SsoPanel admins={[]} onMessage={vi.fn()} />);
    expect(await screen.findByText('Erro ao carregar a ligação SSO')).toBeInTheDocument();
  });
});
