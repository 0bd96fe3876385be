import type { ProposalSummary } from '@aceite/shared/schemas/proposals';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const proposal = (n: number): ProposalSummary => ({
  id: ID(100 + n),
  number: `ORC 2026/000${n}`,
  title: `Proposta ${n}`,
  status: n === 1 ? 'accepted' : 'sent',
  currency: 'EUR',
  totalValue: 123_45 * n,
  agreedTotal: n === 1 ? 100_00 : null,
  validUntil: null,
  clientId: ID(1),
  ownerId: ID(2),
  signedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  client: { id: ID(1), name: 'Padaria Lusitana', company: null },
  owner: { id: ID(2), firstName: 'Vera', lastName: 'Vieira' },
});

const OVERVIEW = {
  totalProposals: 40,
  totalValue: 9_876_543,
  acceptedProposals: 10,
  acceptedValue: 2_000_000,
  sentProposals: 30,
  conversionRate: 33.3,
  avgProposalValue: 246_914,
  totalClients: 15,
  activeUsers: 4,
  cancelledProposals: 0,
  openProposals: 3,
  openValue: 150_000,
};

function signInAs(role: 'admin' | 'viewer') {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(buildUser({ role, firstName: 'Ana' })));
  syncAuthFromStorage();
}

function stubApi({ fail = false } = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (fail) return jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'Erro interno' } });
      if (url.includes('/analytics/overview')) return jsonResponse(200, { data: OVERVIEW });
      if (url.includes('/analytics/top-clients')) {
        return jsonResponse(200, {
          data: [
            {
              clientId: ID(1),
              clientName: 'Padaria Lusitana',
              clientCompany: 'Lusitana Lda',
              proposalCount: 4,
              acceptedCount: 2,
              totalValue: 500_000,
            },
          ],
        });
      }
      if (url.includes('/analytics/recent-activity')) {
        return jsonResponse(200, { data: Array.from({ length: 10 }, (_, i) => proposal(i + 1)) });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Não encontrado' } });
    }),
  );
  return urls;
}

beforeEach(() => syncAuthFromStorage());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('DashboardPage', () => {
  it('greets the user, fills the cards and lists top clients and recent activity with their links', async () => {
    signInAs('admin');
    const urls = stubApi();
    renderWithProviders(<DashboardPage />, { route: '/dashboard' });

    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Ana' })).toBeInTheDocument();
    const total = screen.getByRole('group', { name: 'Valor de todas as propostas' });
    await waitFor(() => expect(total.textContent?.replace(/\s/g, ' ')).toContain('98 765,43 €'));

    const top = screen.getByRole('region', { name: 'Principais clientes' });
    expect(await within(top).findByText('Padaria Lusitana')).toBeInTheDocument();
    expect(within(top).getByRole('link', { name: /Ver análises/ })).toHaveAttribute('href', '/analytics');

    const recent = screen.getByRole('region', { name: 'Atividade recente' });
    const rows = await within(recent).findAllByRole('link', { name: /Proposta \d+/ });
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveAttribute('href', `/proposals/${ID(101)}`);
    expect(within(rows[0] as HTMLElement).getByText('Aceite')).toBeInTheDocument();
    // The agreed figure, the offer under it (docs/product.md#signed-figures); an open proposal shows its own.
    expect(rows[0]?.textContent?.replace(/\s/g, ' ')).toContain('100,00 €Proposta original: 123,45 €');
    expect(within(rows[1] as HTMLElement).queryByTestId('original-total')).toBeNull();
    expect(within(recent).getByRole('link', { name: /Ver todas/ })).toHaveAttribute('href', '/proposals');

    expect(urls.some((u) => u.endsWith('/analytics/top-clients?limit=5'))).toBe(true);
    expect(urls.some((u) => u.endsWith('/analytics/recent-activity?limit=10'))).toBe(true);

    const actions = screen.getByRole('region', { name: 'Ações rápidas' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/proposals', '/clients/new', '/analytics']);
    // 'Nova proposta' opens the choice of a blank proposal or a template.
    expect(within(actions).getByRole('button', { name: /Nova proposta/ })).toBeInTheDocument();
  });

  it('hides the quick actions a viewer cannot use', () => {
    signInAs('viewer');
    stubApi();
    renderWithProviders(<DashboardPage />, { route: '/dashboard' });
    const actions = screen.getByRole('region', { name: 'Ações rápidas' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/proposals', '/analytics']);
  });

  it('only logs failures: empty cards and lists, no error text', async () => {
    signInAs('admin');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({ fail: true });
    renderWithProviders(<DashboardPage />, { route: '/dashboard' });

    expect(await screen.findAllByText('Nenhum dado disponível')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByText('Sem dados')).toHaveLength(8));
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText(/erro/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
