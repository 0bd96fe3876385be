import type { AdminOrganization } from '@aceite/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { AdminOrganizationsPage } from './admin-organizations-page';

function organization(overrides: Partial<AdminOrganization>): AdminOrganization {
  return {
    id: crypto.randomUUID(),
    name: 'Organização',
    domain: null,
    plan: 'starter',
    trialEndsAt: null,
    isActive: true,
    userCount: 1,
    proposalCount: 0,
    usage: { proposalsThisMonth: 0, users: 1, templates: 0, storageBytes: 0 },
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const starter = organization({
  name: 'Loja Starter',
  usage: { proposalsThisMonth: 12, users: 3, templates: 2, storageBytes: 1_250_000_000 },
});
const trial = organization({
  name: 'Em Teste Lda',
  plan: 'professional',
  trialEndsAt: '2026-12-02T10:00:00.000Z',
});

const REQUEST = {
  id: '00000000-0000-4000-8000-000000000009',
  plan: 'professional',
  billingPeriod: 'yearly',
  note: 'Somos mais.',
  status: 'pending',
  requestedBy: 'Rita Plano',
  createdAt: '2026-11-28T10:00:00.000Z',
  resolvedAt: null,
  organization: { id: starter.id, name: starter.name, plan: 'starter' },
};

const page = (organizations: AdminOrganization[]) =>
  jsonResponse(200, { data: { organizations, total: organizations.length, page: 1, totalPages: 1 } });

afterEach(() => vi.unstubAllGlobals());

describe('AdminOrganizationsPage (docs/product.md#platform-administration)', () => {
  it('shows the plan, trial end and usage, filters by plan and "Teste termina em ≤ 3 dias", and applies a request', async () => {
    let pending = [REQUEST];
    const api = mockApi({
      'GET /admin/organizations': () => page([starter, trial]),
      'GET /admin/upgrade-requests': () => jsonResponse(200, { data: { requests: pending } }),
      [`POST /admin/upgrade-requests/${REQUEST.id}/apply`]: () => {
        pending = [];
        return jsonResponse(200, { data: { ...REQUEST, status: 'applied' } });
      },
    });
    const { user, router } = renderWithOverlays(<AdminOrganizationsPage />, {
      route: '/admin/organizations',
    });
    expect(await screen.findByText('2 organizações')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Tabela de organizações' });
    expect(within(table).getByText('12 / 50')).toBeInTheDocument();
    expect(within(table).getByText('3 / 3')).toBeInTheDocument();
    expect(within(table).getByText('1,3 GB / 5 GB')).toBeInTheDocument();
    expect(within(table).getByText('02/12/2026')).toBeInTheDocument();
    expect(within(table).getAllByText('—').length).toBeGreaterThan(0);

    await user.selectOptions(screen.getByLabelText('Plano'), 'Starter');
    await user.click(screen.getByLabelText('Teste termina em ≤ 3 dias'));
    await waitFor(() => {
      const last = api.queriesOf('GET /admin/organizations').at(-1);
      expect(last?.get('plan')).toBe('starter');
      expect(last?.get('trialEndingSoon')).toBe('true');
    });
    expect(router.state.location.search).toContain('teste=3d');

    const card = await screen.findByRole('listitem');
    expect(card).toHaveTextContent('Starter → Professional (faturação anual)');
    expect(card).toHaveTextContent('Somos mais.');
    await user.click(
      within(card).getByRole('button', { name: 'Aplicar o plano Professional a Loja Starter' }),
    );
    expect(await screen.findByText('Loja Starter passou para o plano Professional.')).toBeInTheDocument();
    expect(await screen.findByText('Não há pedidos de mudança de plano a aguardar.')).toBeInTheDocument();
  });

  it('"Gerir plano" sets a plan, and extends a trial by the days chosen', async () => {
    const api = mockApi({
      'GET /admin/organizations': () => page([trial]),
      'GET /admin/upgrade-requests': () => jsonResponse(200, { data: { requests: [] } }),
      [`PUT /admin/organizations/${trial.id}/plan`]: () =>
        jsonResponse(200, { data: { id: trial.id, plan: 'enterprise', trialEndsAt: null } }),
      [`POST /admin/organizations/${trial.id}/trial`]: () =>
        jsonResponse(200, {
          data: { id: trial.id, plan: 'professional', trialEndsAt: '2026-12-09T10:00:00.000Z' },
        }),
    });
    const { user } = renderWithOverlays(<AdminOrganizationsPage />, { route: '/admin/organizations' });
    await user.click(await screen.findByRole('button', { name: 'Gerir o plano de Em Teste Lda' }));
    let dialog = await screen.findByRole('dialog', { name: 'Plano de Em Teste Lda' });
    await user.selectOptions(within(dialog).getByLabelText('Prolongar o teste'), '7 dias');
    await user.click(within(dialog).getByRole('button', { name: 'Prolongar teste' }));
    expect(await screen.findByText('O teste de Em Teste Lda termina a 09/12/2026.')).toBeInTheDocument();
    expect(api.bodiesOf(`POST /admin/organizations/${trial.id}/trial`)).toEqual([{ days: 7 }]);

    await user.click(screen.getByRole('button', { name: 'Gerir o plano de Em Teste Lda' }));
    dialog = await screen.findByRole('dialog', { name: 'Plano de Em Teste Lda' });
    await user.selectOptions(within(dialog).getByLabelText('Novo plano'), 'Enterprise');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar plano' }));
    expect(await screen.findByText('Em Teste Lda passou para o plano Enterprise.')).toBeInTheDocument();
    expect(api.bodiesOf(`PUT /admin/organizations/${trial.id}/plan`)).toEqual([{ plan: 'enterprise' }]);
  });
});
