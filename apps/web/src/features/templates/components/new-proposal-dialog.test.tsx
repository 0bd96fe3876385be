import type { Template } from '@aceite/shared/schemas/templates';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from '@/app/routes/dashboard/dashboard-page';
import { ProposalsPage } from '@/app/routes/proposals/proposals-page';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { NewProposalFromTemplateState } from './templates-grid';

vi.setConfig({ testTimeout: 30_000 });

const TEMPLATE: Template = {
  id: '8b1d7c2e-2f4e-4a53-9d37-1f1f0c4a2b44',
  name: 'Website para PME',
  description: 'Site institucional com CMS.',
  category: 'desenvolvimento',
  tags: ['website'],
  content: { blocks: [], items: [] },
  isGlobal: false,
  useCount: 5,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
};

function NewProposalProbe() {
  const state = useLocation().state as NewProposalFromTemplateState | null;
  return <p>Editor: {state?.template.name ?? 'em branco'}</p>;
}

function render(page: 'dashboard' | 'proposals') {
  return renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/proposals', element: <ProposalsPage /> },
      { path: '/proposals/new', element: <NewProposalProbe /> },
    ],
    { route: `/${page}` },
  );
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(buildUser({ role: 'sales' })));
  syncAuthFromStorage();
});
afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
  vi.unstubAllGlobals();
});

describe("'Nova proposta' offers a blank proposal or a template", () => {
  it('from the dashboard card: a template counts its use and opens the editor prefilled', async () => {
    const api = mockApi({
      'GET /templates': () => jsonResponse(200, { data: [TEMPLATE] }),
      [`POST /templates/${TEMPLATE.id}/use`]: () => jsonResponse(200, { data: { ...TEMPLATE, useCount: 6 } }),
    });
    const { user } = render('dashboard');
    await user.click(await screen.findByRole('button', { name: /Nova proposta/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova proposta' });
    await user.click(await within(dialog).findByRole('button', { name: /Website para PME/ }));
    expect(await screen.findByText('Editor: Website para PME')).toBeInTheDocument();
    expect(api.bodiesOf(`POST /templates/${TEMPLATE.id}/use`)).toHaveLength(1);
  });

  it('from the proposals list (on every screen size): a blank proposal opens the empty editor', async () => {
    mockApi({
      'GET /templates': () => jsonResponse(200, { data: [] }),
      'GET /proposals': () =>
        jsonResponse(200, { data: [], pagination: { page: 1, limit: 12, total: 0, totalPages: 1 } }),
    });
    const { user } = render('proposals');
    await user.click(screen.getByRole('button', { name: 'Nova proposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova proposta' });
    expect(await within(dialog).findByText('Ainda não há modelos.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Proposta em branco/ }));
    await waitFor(() => expect(screen.getByText('Editor: em branco')).toBeInTheDocument());
  });
});
