import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { OrganizationForm } from './organization-form';

// Settings → Organização: the IVA region (docs/product.md#iva-per-line).
const ORGANIZATION = {
  id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
  name: 'Demo Lda',
  domain: null,
  plan: 'professional',
  branding: { primaryColor: '#007bff', logo: null },
  settings: { weekStartsOn: 1 },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrganizationForm: IVA region', { timeout: 20_000 }, () => {
  it('starts at the mainland and saves the region chosen, with its rates named', async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);

    const region = await screen.findByRole('combobox', { name: 'Região do IVA' });
    expect(region).toHaveValue('Portugal continental (23 / 13 / 6 %)');
    await user.click(region);
    const list = screen.getByRole('listbox', { name: 'Região do IVA', hidden: true });
    await user.click(
      within(list).getByRole('option', { name: 'Região Autónoma dos Açores (16 / 9 / 4 %)', hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));

    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    const [sent] = api.bodiesOf('PUT /settings/organization') as [{ settings: Record<string, unknown> }];
    expect(sent.settings).toMatchObject({ vatRegion: 'acores', weekStartsOn: 1 });
  });
});
