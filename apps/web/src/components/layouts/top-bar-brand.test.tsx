import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth, syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TopBarBrand } from './top-bar-brand';

const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const tokens = { accessToken: 'a', refreshToken: 'r' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('TopBarBrand', () => {
  it("shows the organization's logo, named by the organization, beside the Aceite logo", async () => {
    setAuth(buildUser(), tokens);
    mockApi({
      'GET /settings/organization/branding': () =>
        jsonResponse(200, { data: { name: 'Demo Lda', primaryColor: '#007bff', logo: LOGO } }),
    });
    renderWithProviders(<TopBarBrand compact={false} />);
    expect(await screen.findByRole('img', { name: 'Demo Lda' })).toHaveAttribute('src', LOGO);
    expect(screen.getByText('Aceite')).toBeInTheDocument();
  });

  it('keeps the Aceite logo alone when there is no organization logo', async () => {
    setAuth(buildUser(), tokens);
    const api = mockApi({
      'GET /settings/organization/branding': () =>
        jsonResponse(200, { data: { name: 'Demo Lda', primaryColor: '#007bff', logo: null } }),
    });
    renderWithProviders(<TopBarBrand compact />);
    await waitFor(() => expect(api.queriesOf('GET /settings/organization/branding')).toHaveLength(1));
    expect(screen.getByText('Aceite')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('never asks for a brand for an account without an organization (superadmin)', async () => {
    setAuth(buildUser({ role: 'superadmin', organizationId: null, organization: null }), tokens);
    const api = mockApi({});
    renderWithProviders(<TopBarBrand compact={false} />);
    expect(screen.getByText('Aceite')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
