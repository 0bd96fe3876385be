import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberSsoFlow, takeSsoFlow } from '@/lib/sso-flow';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SsoCallback } from './sso-callback';

const USER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@empresa.pt',
  firstName: 'Ana',
  lastName: 'Silva',
  role: 'sales',
  organizationId: '00000000-0000-4000-8000-000000000002',
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('SsoCallback (/entrar/sso)', () => {
  it("keeps a SAML AuthnRequest's RelayState as the flow's state (the ACS hands it back as `state`)", () => {
    expect(rememberSsoFlow('https://idp.empresa.pt/sso?SAMLRequest=x&RelayState=r-1', null)).toBe(true);
    expect(takeSsoFlow('r-1')).toEqual({ next: null });
  });

  it('finishes the sign-in this tab started, stores the session and goes where the person was going', async () => {
    rememberSsoFlow('https://idp.empresa.pt/authorize?state=s-1', '/proposals');
    const api = mockApi({
      'GET /auth/sso/callback': () =>
        jsonResponse(200, { data: { user: USER, accessToken: 'access-1', refreshToken: 'refresh-1' } }),
    });
    const onSignedIn = vi.fn();
    renderWithProviders(
      <SsoCallback search="?code=c-1&state=s-1&iss=https%3A%2F%2Fidp" onSignedIn={onSignedIn} />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('A concluir o início de sessão');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/proposals'));
    const [query] = api.queriesOf('GET /auth/sso/callback');
    expect(Object.fromEntries(query ?? [])).toEqual({ code: 'c-1', state: 's-1', iss: 'https://idp' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    // One answer per flow: the state is gone from the tab.
    expect(sessionStorage.getItem('ssoFlow')).toBeNull();
  });

  it('refuses an answer this tab did not start, without asking the API (login CSRF)', async () => {
    rememberSsoFlow('https://idp.empresa.pt/authorize?state=mine', null);
    const api = mockApi({});
    renderWithProviders(<SsoCallback search="?code=c-2&state=theirs" onSignedIn={vi.fn()} />);

    expect(await screen.findByText(/não foi iniciado neste separador/)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Voltar à página de entrada' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("shows the server's reason (a deactivated account) and the general failure for a provider's error", async () => {
    rememberSsoFlow('https://idp.empresa.pt/authorize?state=s-3', null);
    mockApi({ 'GET /auth/sso/callback': () => apiError(403, 'ACCOUNT_DISABLED', 'Conta desativada') });
    const first = renderWithProviders(<SsoCallback search="?code=c-3&state=s-3" onSignedIn={vi.fn()} />);
    expect(await screen.findByText('Conta desativada')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
    first.unmount();

    rememberSsoFlow('https://idp.empresa.pt/authorize?state=s-4', null);
    renderWithProviders(<SsoCallback search="?error=access_denied&state=s-4" onSignedIn={vi.fn()} />);
    expect(await screen.findByText('O início de sessão único falhou. Tente novamente.')).toBeInTheDocument();
  });
});
