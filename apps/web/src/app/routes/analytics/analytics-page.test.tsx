import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AnalyticsPage } from './analytics-page';

const VERA = '00000000-0000-4000-8000-000000000003';
const PORTO = '00000000-0000-4000-8000-0000000000f2';

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

function stubApi({ empty = false } = {}) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (raw: string) => {
      const url = new URL(raw, 'http://localhost');
      urls.push(url);
      const data = (value: unknown) => jsonResponse(200, { data: value });
      switch (url.pathname) {
        case '/api/v1/users':
          return data([
            { id: VERA, firstName: 'Vera', lastName: 'Vieira', email: 'vendas@aceite.demo' },
            {
              id: '00000000-0000-4000-8000-000000000001',
              firstName: 'Ana',
              lastName: 'Almeida',
              email: 'admin@aceite.demo',
            },
          ]);
        case '/api/v1/teams':
          return data([{ id: PORTO, name: 'Porto' }]);
        case '/api/v1/analytics/overview':
          return data(empty ? { ...OVERVIEW, totalProposals: 0 } : OVERVIEW);
        case '/api/v1/analytics/proposals-over-time':
          return data(
            empty
              ? []
              : [
                  { period: '2026-01', count: 3, value: 300_000, acceptedCount: 1, acceptedValue: 100_000 },
                  { period: '2026-03', count: 5, value: 500_000, acceptedCount: 2, acceptedValue: 200_000 },
                ],
          );
        case '/api/v1/analytics/proposals-by-user':
          return data(
            empty
              ? []
              : [
                  {
                    userId: VERA,
                    userName: 'Vera Vieira',
                    userEmail: 'vendas@aceite.demo',
                    proposalCount: 12,
                    acceptedCount: 4,
                    totalValue: 1_234_500,
                    conversionRate: 40,
                  },
                ],
          );
        case '/api/v1/analytics/proposals-by-team':
          return data(
            empty
              ? []
              : [
                  {
                    teamId: PORTO,
                    teamName: 'Porto',
                    proposalCount: 9,
                    acceptedCount: 3,
                    totalValue: 900_000,
                    conversionRate: 50,
                  },
                ],
          );
        case '/api/v1/analytics/top-clients':
          return data(
            empty
              ? []
              : [
                  {
                    clientId: '00000000-0000-4000-8000-0000000000c1',
                    clientName: 'Padaria Lusitana',
                    clientCompany: null,
                    proposalCount: 4,
                    acceptedCount: 2,
                    totalValue: 500_000,
                  },
                ],
          );
        case '/api/v1/analytics/loss-reasons':
          return data(
            empty
              ? ['price', 'deadline', 'other_supplier', 'no_longer_needed', 'other'].map((reasonCode) => ({
                  reasonCode,
                  count: 0,
                  value: 0,
                }))
              : [
                  { reasonCode: 'price', count: 3, value: 450_000 },
                  { reasonCode: 'deadline', count: 1, value: 50_000 },
                  { reasonCode: 'other_supplier', count: 0, value: 0 },
                  { reasonCode: 'no_longer_needed', count: 0, value: 0 },
                  { reasonCode: 'other', count: 0, value: 0 },
                ],
          );
        default:
          return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Não encontrado' } });
      }
    }),
  );
  /** The query params of the latest call to `path`. */
  const lastParams = (path: string) =>
    Object.fromEntries(urls.filter((u) => u.pathname === `/api/v1${path}`).at(-1)?.searchParams ?? []);
  return { urls, lastParams };
}

beforeEach(() => localStorage.setItem('accessToken', 'access-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AnalyticsPage', () => {
  it('shows the cards, the user table, teams and top clients', async () => {
    stubApi();
    renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    const accepted = screen.getByRole('group', { name: 'Propostas aceites' });
    await waitFor(() =>
      expect(accepted.textContent?.replace(/\s/g, ' ')).toContain('Valor aceite: 20 000,00 €'),
    );

    const users = screen.getByRole('region', { name: 'Desempenho por utilizador' });
    const row = await within(users).findByRole('row', { name: /Vera Vieira/ });
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('vendas@aceite.demo');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('12 345,00 €');
    expect(within(row).getByRole('progressbar', { name: 'Conversão de Vera Vieira' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const teams = screen.getByRole('region', { name: 'Desempenho por equipa' });
    expect(await within(teams).findByText('Porto')).toBeInTheDocument();
    const clients = screen.getByRole('region', { name: 'Os 10 melhores clientes' });
    expect(await within(clients).findByText('4 propostas · 2 aceites')).toBeInTheDocument();
    // 'Motivos de perda' (docs/product.md#rejection-reasons): count, share and value per reason.
    const losses = screen.getByRole('region', { name: 'Motivos de perda' });
    const price = (await within(losses).findByText('Preço')).closest('li');
    expect(price?.textContent?.replace(/\s/g, ' ')).toContain('3 propostas · 75 %');
    expect(price?.textContent?.replace(/\s/g, ' ')).toContain('4 500,00 €');

    // The chart's text alternative: every month from the first to the last, February filled with zeros.
    const chart = screen.getByRole('region', { name: 'Propostas ao longo do tempo' });
    const table = await within(chart).findByRole('table', { name: 'Propostas e valor por mês' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent?.split(/\d/)[0]),
    ).toEqual(['MêsPropostasValorAceitesValor aceite', 'janeiro de ', 'fevereiro de ', 'março de ']);
  });

  it('reads the filters from the URL and passes them to every filtered call', async () => {
    const { lastParams } = stubApi();
    renderWithProviders(<AnalyticsPage />, {
      route: `/analytics?startDate=2026-01-01&endDate=2026-03-31&teamId=${PORTO}`,
    });
    const expected = { startDate: '2026-01-01', endDate: '2026-03-31', teamId: PORTO };
    await waitFor(() => expect(lastParams('/analytics/overview')).toEqual(expected));
    expect(lastParams('/analytics/proposals-over-time')).toEqual(expected);
    expect(lastParams('/analytics/proposals-by-user')).toEqual({ ...expected, limit: '10' });
    expect(lastParams('/analytics/proposals-by-team')).toEqual(expected);
    expect(lastParams('/analytics/top-clients')).toEqual({ ...expected, limit: '10' });
    expect(lastParams('/analytics/loss-reasons')).toEqual(expected);
    // Day first whatever the browser's language, once the date picker has loaded.
    await waitFor(() => expect(screen.getByLabelText('Data inicial')).toHaveValue('01/01/2026'));
    expect(screen.getByLabelText('Data final')).toHaveValue('31/03/2026');
    expect(await screen.findByDisplayValue('Porto')).toBeInTheDocument();
  });

  it("turns filter changes into URL and query params, and 'Limpar Filtros' removes them", async () => {
    const { lastParams } = stubApi();
    const { user, router } = renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    await waitFor(() => expect(lastParams('/analytics/overview')).toEqual({}));
    expect(screen.getByRole('button', { name: 'Limpar Filtros' })).toBeDisabled();

    await waitFor(() => expect(screen.getByLabelText('Data inicial')).toBeEnabled());
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '01/02/2026' } });
    fireEvent.blur(screen.getByLabelText('Data inicial'));
    await waitFor(() => expect(lastParams('/analytics/overview')).toEqual({ startDate: '2026-02-01' }));
    expect(router.state.location.search).toBe('?startDate=2026-02-01');

    await user.click(screen.getByRole('combobox', { name: 'Utilizador' }));
    // jsdom lays nothing out, so Mantine keeps the dropdown hidden; the option is still there to pick.
    await user.click(await screen.findByRole('option', { name: 'Vera Vieira', hidden: true }));
    await waitFor(() =>
      expect(lastParams('/analytics/proposals-by-user')).toEqual({
        startDate: '2026-02-01',
        userId: VERA,
        limit: '10',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('userId')).toBe(VERA);

    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Data inicial')).toHaveValue('');
    await waitFor(() => expect(lastParams('/analytics/top-clients')).toEqual({ limit: '10' }));
  });

  it('keeps quick successive changes, and follows a URL changed elsewhere (back, a link)', async () => {
    const { lastParams } = stubApi();
    const { router } = renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    // Two edits before the router has committed the first URL change.
    await waitFor(() => expect(screen.getByLabelText('Data final')).toBeEnabled());
    fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '01/01/2026' } });
    fireEvent.blur(screen.getByLabelText('Data inicial'));
    fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '31/01/2026' } });
    fireEvent.blur(screen.getByLabelText('Data final'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?startDate=2026-01-01&endDate=2026-01-31'),
    );
    expect(screen.getByLabelText('Data inicial')).toHaveValue('01/01/2026');
    await waitFor(() =>
      expect(lastParams('/analytics/overview')).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' }),
    );

    await act(() => router.navigate(`/analytics?teamId=${PORTO}`));
    expect(screen.getByLabelText('Data inicial')).toHaveValue('');
    await waitFor(() => expect(lastParams('/analytics/overview')).toEqual({ teamId: PORTO }));
  });

  it("says 'Nenhum dado disponível' where there is nothing in scope", async () => {
    stubApi({ empty: true });
    renderWithProviders(<AnalyticsPage />, { route: '/analytics' });
    // The four panels and 'Motivos de perda' (every reason at zero).
    expect(await screen.findAllByText('Nenhum dado disponível')).toHaveLength(5);
  });
});
