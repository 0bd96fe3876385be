import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { OrganizationForm } from './organization-form';

// docs/product.md#proposal-numbers, docs/product.md#tax-ids
const ORGANIZATION = {
  id: '0f6a2d7e-7d0b-4c6e-a1c5-8b9f3c2d1e00',
  name: 'Demo Lda',
  domain: null,
  plan: 'professional',
  branding: { primaryColor: '#007bff', logo: null },
  settings: {},
};

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Organização: numbering and NIF', { timeout: 20_000 }, () => {
  it("starts from 'ORC' and Portugal, refuses a bad prefix and a wrong NIF, then saves them", async () => {
    const api = mockApi({
      'GET /settings/organization': () => jsonResponse(200, { data: ORGANIZATION }),
      'PUT /settings/organization': ({ body }) =>
        jsonResponse(200, { data: { ...ORGANIZATION, ...(body as object) } }),
    });
    const { user } = renderWithOverlays(<OrganizationForm onMessage={vi.fn()} />);

    const prefix = await screen.findByLabelText(/^Prefixo da numeração/);
    expect(prefix).toHaveValue('ORC');
    expect(screen.getByRole('combobox', { name: 'País da organização' })).toHaveValue('Portugal');
    await user.clear(prefix);
    await user.type(prefix, 'ORÇ 1');
    await user.type(screen.getByLabelText(/^NIF da organização/), '501964842');
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    expect(
      await screen.findByText('O prefixo deve ter de 1 a 10 letras, algarismos ou hífenes'),
    ).toBeInTheDocument();
    expect(screen.getByText('NIF inválido')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(0);

    await user.clear(prefix);
    await user.type(prefix, 'PROP');
    await user.clear(screen.getByLabelText(/^NIF da organização/));
    await user.type(screen.getByLabelText(/^NIF da organização/), '501964843');
    await user.click(screen.getByRole('button', { name: 'Guardar organização' }));
    await waitFor(() => expect(api.bodiesOf('PUT /settings/organization')).toHaveLength(1));
    expect(api.bodiesOf('PUT /settings/organization')[0]).toMatchObject({
      settings: { numberPrefix: 'PROP', taxId: '501964843', taxCountry: 'Portugal' },
    });
  });
});
