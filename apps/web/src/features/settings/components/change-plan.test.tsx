import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { PlanPanel } from './plan-panel';

const STARTER = {
  plan: 'starter',
  planName: 'Starter',
  priceMonthly: 29,
  priceYearly: 290,
  trialEndsAt: null,
  proposalsThisMonth: { used: 12, limit: 50 },
  users: { used: 3, limit: 3 },
  templates: { used: 2, limit: 10 },
  storageBytes: { used: 0, limit: 5_000_000_000 },
  api: false,
  webhooks: false,
};

const PENDING = {
  id: '00000000-0000-4000-8000-000000000001',
  plan: 'professional',
  billingPeriod: 'yearly',
  note: null,
  status: 'pending',
  requestedBy: 'Ana Admin',
  createdAt: '2026-11-28T10:00:00.000Z',
  resolvedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('Configurações → Plano: "Mudar de plano" (docs/product.md#plans)', () => {
  it('asks for another plan with its billing and note, then says the request is waiting', async () => {
    const api = mockApi({
      'GET /settings/organization/usage': () => jsonResponse(200, { data: STARTER }),
      'GET /settings/organization/upgrade-requests': () => jsonResponse(200, { data: { pending: null } }),
      'POST /settings/organization/upgrade-requests': () => jsonResponse(201, { data: PENDING }),
    });
    renderWithOverlays(<PlanPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mudar de plano' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mudar de plano' });
    // The current plan is not offered; the prices follow the billing.
    expect(within(dialog).queryByRole('radio', { name: /Starter/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Professional — 79 €/mês' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Enterprise — Sob consulta' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByText('Escolha um plano')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Anual'));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Professional — 790 €/ano' }));
    await userEvent.type(within(dialog).getByLabelText('Nota (opcional)'), 'Mais utilizadores');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(
      await screen.findByText('Pedido de mudança para o Professional enviado em 28/11/2026 — a aguardar'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /settings/organization/upgrade-requests')).toEqual([
      { plan: 'professional', billingPeriod: 'yearly', note: 'Mais utilizadores' },
    ]);
  });
});
