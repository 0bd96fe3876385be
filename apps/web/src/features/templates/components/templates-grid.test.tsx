import type { Template } from '@aceite/shared/schemas/templates';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { type NewProposalFromTemplateState, TemplatesGrid } from './templates-grid';

const TEMPLATE: Template = {
  id: '8b1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b44',
  name: 'Website para PME',
  description: 'Site institucional com CMS.',
  category: 'desenvolvimento',
  tags: ['website'],
  content: {
    blocks: [{ id: 'b1', type: 'text', title: 'Enquadramento', content: 'Uma presença online moderna.' }],
    items: [
      {
        id: 'i1',
        name: 'Website institucional',
        description: '',
        quantity: 1,
        unit: 'projeto',
        unitPrice: 250_000,
        discount: 0,
        tax: 23,
      },
    ],
  },
  isGlobal: false,
  useCount: 5,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

const USE = `POST /templates/${TEMPLATE.id}/use`;

/** Stands in for the proposal editor: shows the template it was handed in the navigation state. */
function NewProposalProbe() {
  const state = useLocation().state as NewProposalFromTemplateState | null;
  return (
    <p>
      Nova proposta a partir de «{state?.template.name ?? 'nenhum'}», usado {state?.template.useCount ?? '?'}{' '}
      vezes
    </p>
  );
}

function renderGrid(use: () => Response | Promise<Response>) {
  const api = mockApi({
    'GET /templates': () => jsonResponse(200, { data: [TEMPLATE] }),
    [USE]: use,
  });
  const view = renderRoutes(
    [
      {
        path: '/templates',
        element: (
          <TemplatesGrid params={{ search: '', category: '' }} onChange={vi.fn()} canUse canWrite={false} />
        ),
      },
      { path: '/proposals/new', element: <NewProposalProbe /> },
    ],
    { route: '/templates' },
  );
  return { ...view, api };
}

async function useTemplate(user: ReturnType<typeof renderGrid>['user']) {
  const card = await screen.findByRole('article', { name: TEMPLATE.name });
  await user.click(within(card).getByRole('button', { name: 'Usar modelo' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('TemplatesGrid: Usar modelo', () => {
  it('counts the use and opens /proposals/new with the counted template', async () => {
    const { user, router, api } = renderGrid(() =>
      jsonResponse(200, { data: { ...TEMPLATE, useCount: TEMPLATE.useCount + 1 } }),
    );
    await useTemplate(user);
    expect(
      await screen.findByText('Nova proposta a partir de «Website para PME», usado 6 vezes'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/proposals/new');
    expect(api.bodiesOf(USE)).toHaveLength(1);
  });

  it('still opens /proposals/new with the template when counting the use fails (500)', async () => {
    const { user, router, api } = renderGrid(() => apiError(500, 'INTERNAL_ERROR', 'Erro interno'));
    await useTemplate(user);
    expect(
      await screen.findByText('Nova proposta a partir de «Website para PME», usado 5 vezes'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/proposals/new');
    const state = router.state.location.state as NewProposalFromTemplateState;
    expect(state.template).toEqual(TEMPLATE);
    expect(api.bodiesOf(USE)).toHaveLength(1);
  });

  it('still opens /proposals/new with the template when the server cannot be reached', async () => {
    const { user, router } = renderGrid(() => Promise.reject(new TypeError('Failed to fetch')));
    await useTemplate(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/proposals/new'));
    const state = router.state.location.state as NewProposalFromTemplateState;
    expect(state.template).toEqual(TEMPLATE);
  });
});
