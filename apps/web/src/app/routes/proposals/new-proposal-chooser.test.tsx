import type { Template } from '@aceite/shared/schemas/templates';
import { screen, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { NewProposalChooser } from './new-proposal-chooser';

// 'Nova proposta para este cliente' (issue 37, docs/product.md#templates).
vi.setConfig({ testTimeout: 30_000 });

const USER = buildUser({ role: 'sales' });
const PROPOSAL_ID = '5d7e0c3a-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const CLIENT = { id: '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11', name: 'Padaria Lusitana' };
const TEMPLATE: Template = {
  id: '8b1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b44',
  name: 'Pacote site',
  description: null,
  category: 'desenvolvimento',
  tags: [],
  content: {
    blocks: [],
    items: [
      {
        id: 'i1',
        name: 'Site',
        description: '',
        quantity: 1,
        unit: 'un',
        unitPrice: 100_000,
        discount: 0,
        tax: 23,
      },
      {
        id: 'i2',
        name: 'Manutenção',
        description: 'Atualizações',
        quantity: 6,
        unit: 'mês',
        unitPrice: 5_000,
        discount: 0,
        tax: 23,
        optional: 'unselected',
        minQuantity: 3,
        maxQuantity: 12,
      },
    ],
  },
  isGlobal: false,
  useCount: 0,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

function EditorProbe() {
  return <p>Editor da proposta {useParams().id}</p>;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});
afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
  vi.unstubAllGlobals();
});

describe("'Nova proposta para este cliente'", () => {
  it('creates the draft for the client from the template, titled "<template> — <client>", and opens the editor', async () => {
    const api = mockApi({
      'GET /templates': () => jsonResponse(200, { data: [TEMPLATE] }),
      [`POST /templates/${TEMPLATE.id}/use`]: () => jsonResponse(200, { data: { ...TEMPLATE, useCount: 1 } }),
      'GET /settings/organization/branding': () =>
        jsonResponse(200, { data: { proposalValidityDays: 15, vatRegion: 'continente' } }),
      'POST /proposals': ({ body }) => jsonResponse(201, { data: { id: PROPOSAL_ID, ...(body as object) } }),
    });
    const { user } = renderRoutes(
      [
        { path: '/clients/x', element: <NewProposalChooser opened onClose={() => {}} client={CLIENT} /> },
        { path: '/proposals/:id/edit', element: <EditorProbe /> },
      ],
      { route: '/clients/x' },
    );
    const dialog = await screen.findByRole('dialog', { name: `Nova proposta para ${CLIENT.name}` });
    await user.click(await within(dialog).findByRole('button', { name: /Pacote site/ }));
    expect(await screen.findByText(`Editor da proposta ${PROPOSAL_ID}`)).toBeInTheDocument();

    const [body] = api.bodiesOf('POST /proposals') as Record<string, unknown>[];
    expect(body).toMatchObject({
      title: `Pacote site — ${CLIENT.name}`,
      clientId: CLIENT.id,
      status: 'draft',
      content: {
        items: [
          { name: 'Site', quantity: 1, unitPrice: 100_000 },
          { name: 'Manutenção', optional: 'unselected', minQuantity: 3, maxQuantity: 12 },
        ],
      },
    });
    expect(body?.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(api.bodiesOf(`POST /templates/${TEMPLATE.id}/use`)).toHaveLength(1);
  });
});
