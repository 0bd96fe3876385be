import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { OrganizationForm } from './organization-form';

const ORGANIZATION = {
  id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
  name: 'Demo Lda',
  domain: null,
  plan: 'professional',
  branding: { primaryColor: '#007bff', logo: null },
  settings: { weekStartsOn: 1 },
};

describe('Settings → Organização: reading retention (docs/product.md#reading)', { timeout: 20_000 }, () => {
  it('shows 12 months by default, keeps the value within 60 and saves 24', async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);
    const months = await screen.findByRole('textbox', {
      name: /^Conservação dos registos de leitura \(meses\)/,
    });
    expect(months).toHaveValue('12');
    await user.clear(months);
    await user.type(months, '61');
    await user.tab();
    expect(months).toHaveValue('60');

    await user.clear(months);
    await user.type(months, '24');
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      settings: { weekStartsOn: 1, readingRetentionMonths: 24 },
    });
  });
});
