import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { formatStorage, PlanPanel } from './plan-panel';

const STARTER = {
  plan: 'starter',
  planName: 'Starter',
  priceMonthly: 29,
  priceYearly: 290,
  trialEndsAt: null,
  readOnly: false,
  trialDaysLeft: null,
  proposalsThisMonth: { used: 12, limit: 50 },
  users: { used: 3, limit: 3 },
  templates: { used: 2, limit: 10 },
  storageBytes: { used: 1_250_000_000, limit: 5_000_000_000 },
  api: false,
  webhooks: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('Configurações → Plano (docs/product.md#plans)', () => {
  it('shows the plan, its price, each figure with its bar, and the hint at the limit', async () => {
    mockApi({ 'GET /settings/organization/usage': () => jsonResponse(200, { data: STARTER }) });
    renderWithOverlays(<PlanPanel />);
    expect(await screen.findByRole('heading', { name: 'Plano Starter' })).toBeInTheDocument();
    expect(screen.getByText('29 €/mês ou 290 €/ano')).toBeInTheDocument();
    expect(screen.getByText('12 de 50')).toBeInTheDocument();
    expect(screen.getByText('3 de 3')).toBeInTheDocument();
    expect(screen.getByText('1,3 GB de 5 GB')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(4);
    // At the limit: the server's own refusal, before the admin tries.
    expect(
      screen.getByText(
        'O plano Starter inclui 3 utilizadores. Passe para o Professional para convidar mais.',
      ),
    ).toBeInTheDocument();
    // Not near the limit: no hint.
    expect(screen.queryByText(/inclui 50 propostas/)).not.toBeInTheDocument();
    expect(screen.getByText('Acesso à API: não incluído')).toBeInTheDocument();
    expect(screen.getByText('Webhooks: não incluído')).toBeInTheDocument();
  });

  it('says "ilimitado" for an unlimited figure and shows no bar for it', async () => {
    mockApi({
      'GET /settings/organization/usage': () =>
        jsonResponse(200, {
          data: {
            ...STARTER,
            plan: 'enterprise',
            planName: 'Enterprise',
            priceMonthly: null,
            priceYearly: null,
            proposalsThisMonth: { used: 0, limit: null },
            users: { used: 1, limit: null },
            templates: { used: 0, limit: null },
            storageBytes: { used: 0, limit: null },
            api: true,
            webhooks: true,
          },
        }),
    });
    renderWithOverlays(<PlanPanel />);
    expect(await screen.findByText('Preço sob consulta')).toBeInTheDocument();
    expect(screen.getByText('1 (ilimitado)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Acesso à API: incluído')).toBeInTheDocument();
  });

  it("shows the trial's end, then that it ended and the organization is read-only", async () => {
    const trial = { ...STARTER, plan: 'professional', planName: 'Professional' };
    mockApi({
      'GET /settings/organization/usage': () =>
        jsonResponse(200, { data: { ...trial, trialEndsAt: '2026-12-12T10:00:00.000Z', trialDaysLeft: 9 } }),
    });
    const { unmount } = renderWithOverlays(<PlanPanel />);
    expect(await screen.findByText('O período de teste termina a 12/12/2026.')).toBeInTheDocument();
    unmount();
    mockApi({
      'GET /settings/organization/usage': () =>
        jsonResponse(200, { data: { ...trial, trialEndsAt: '2026-12-12T10:00:00.000Z', readOnly: true } }),
    });
    renderWithOverlays(<PlanPanel />);
    expect(
      await screen.findByText('O período de teste terminou a 12/12/2026. A organização está só de leitura.'),
    ).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    let calls = 0;
    mockApi({
      'GET /settings/organization/usage': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'Erro interno' } })
          : jsonResponse(200, { data: STARTER });
      },
    });
    renderWithOverlays(<PlanPanel />);
    expect(await screen.findByText('Erro ao carregar o plano')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Plano Starter' })).toBeInTheDocument();
  });

  it('writes storage in decimal units, as the plans sell it', () => {
    expect(formatStorage(0)).toBe('0 kB');
    expect(formatStorage(350_000_000)).toBe('350 MB');
    expect(formatStorage(5_000_000_000)).toBe('5 GB');
  });
});
