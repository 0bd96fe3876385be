import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { SsoPanel } from './sso-panel';

const ADMIN = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ana Admin (ana@empresa.pt)' };

const SAML_SP = {
  entityId: 'https://app.aceite.pt/api/v1/auth/sso/saml/org-1/metadata',
  acsUrl: 'https://app.aceite.pt/api/v1/auth/sso/saml/acs',
  metadataUrl: 'https://app.aceite.pt/api/v1/auth/sso/saml/org-1/metadata',
};

function connection(verifiedAt: string | null) {
  return {
    protocol: 'oidc',
    issuer: 'https://login.empresa.pt',
    clientId: 'aceite',
    clientSecretSet: true,
    samlIdp: null,
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
      'GET /settings/sso': () =>
        jsonResponse(200, { data: { connection: null, available: true, samlSp: SAML_SP } }),
      'PUT /settings/sso': () =>
        jsonResponse(200, { data: { connection: connection(null), available: true, samlSp: SAML_SP } }),
      'POST /settings/sso/domains/empresa.pt/verify': () =>
        jsonResponse(200, {
          data: { connection: connection('2026-01-01T00:00:00.000Z'), available: true, samlSp: SAML_SP },
        }),
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
        protocol: 'oidc',
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

  it('SAML 2.0: the metadata URL is sent; our entity id and ACS to copy; the metadata to download once saved', async () => {
    const saml = {
      ...connection(null),
      protocol: 'saml',
      issuer: 'https://idp.empresa.pt/entidade',
      clientId: null,
      clientSecretSet: false,
      samlIdp: {
        metadataUrl: 'https://idp.empresa.pt/metadata',
        ssoUrl: 'https://idp.empresa.pt/sso',
        certificateFingerprints: ['AB:CD'],
      },
    };
    const api = mockApi({
      'GET /settings/sso': () =>
        jsonResponse(200, { data: { connection: null, available: true, samlSp: SAML_SP } }),
      'PUT /settings/sso': () =>
        jsonResponse(200, { data: { connection: saml, available: true, samlSp: SAML_SP } }),
    });
    const { user } = renderWithOverlays(<SsoPanel admins={[ADMIN]} onMessage={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    expect(screen.queryByLabelText(/^Client ID/)).not.toBeInTheDocument();
    expect(screen.getByText(SAML_SP.acsUrl)).toBeInTheDocument();
    expect(screen.getByText(SAML_SP.entityId)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Descarregar metadados' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^URL dos metadados SAML/), 'https://idp.empresa.pt/metadata');
    await user.type(screen.getByLabelText(/^Domínios de email/), 'empresa.pt');
    await user.click(screen.getByRole('button', { name: 'Guardar ligação SSO' }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /settings/sso')).toEqual([
        {
          protocol: 'saml',
          samlMetadataUrl: 'https://idp.empresa.pt/metadata',
          domains: ['empresa.pt'],
          defaultRole: 'sales',
          enforce: false,
          breakGlassUserId: null,
        },
      ]),
    );
    expect(await screen.findByRole('link', { name: 'Descarregar metadados' })).toHaveAttribute(
      'href',
      SAML_SP.metadataUrl,
    );
    expect(screen.getByText('AB:CD')).toBeInTheDocument();
  });

  it("'Exigir SSO' asks for the break-glass admin", async () => {
    mockApi({
      'GET /settings/sso': () =>
        jsonResponse(200, { data: { connection: connection(null), available: true, samlSp: SAML_SP } }),
    });
    const { user } = renderWithOverlays(<SsoPanel admins={[ADMIN]} onMessage={vi.fn()} />);
    await user.click(await screen.findByRole('switch', { name: /Exigir SSO/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar ligação SSO' }));
    expect(await screen.findByText(/escolha o administrador/)).toBeInTheDocument();
  });

  it('without Enterprise: the plan notice and a disabled form', async () => {
    mockApi({
      'GET /settings/sso': () =>
        jsonResponse(200, { data: { connection: null, available: false, samlSp: SAML_SP } }),
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
