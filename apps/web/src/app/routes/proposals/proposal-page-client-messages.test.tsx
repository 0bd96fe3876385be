import { MESSAGES } from '@aceite/shared/messages';
import type { ProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ProposalPage } from './proposal-page';

// The team's side of issue 24: the client's messages with the answer form, and 'Cancelar proposta'
// (docs/product.md#client-questions-and-change-requests, #cancelling-a-proposal).

const ID = '3f2b8c1e-6a4d-4e2f-9b7c-1d2e3f4a5b6c';
const OWNER = buildUser({ role: 'sales' });

function proposalOf(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: ID,
    title: 'Loja online',
    description: null,
    clientId: '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11',
    client: {
      id: '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11',
      name: 'Padaria Lusitana',
      company: null,
      email: 'geral@lusitana.pt',
      phone: null,
    },
    status: 'under_negotiation',
    currency: 'EUR',
    subtotal: 10000,
    discountType: 'percentage',
    discountValue: 0,
    discountAmount: 0,
    taxRate: 23,
    taxAmount: 2300,
    taxBreakdown: [{ rate: 23, base: 10000, tax: 2300 }],
    totalValue: 12300,
    validUntil: null,
    content: { blocks: [], items: [] },
    publicToken: 'tok_0123456789abcdef0123',
    currentVersion: 1,
    ownerId: OWNER.id,
    owner: { id: OWNER.id, firstName: 'Ana', lastName: 'Silva', email: OWNER.email },
    viewCount: 1,
    sentAt: '2026-06-01T10:00:00.000Z',
    acceptedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    rejectionReasonCode: null,
    cancelledAt: null,
    cancellationReason: null,
    signedAt: null,
    signedByName: null,
    signedByEmail: null,
    signatureData: null,
    answerVerification: null,
    createdAt: '2026-06-01T09:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  } as Proposal;
}

const REQUEST: ProposalMessage = {
  id: '0b6f0c8e-2d0e-4a8f-9a53-7a4b8a1e9f10',
  kind: 'change_request',
  authorName: 'Marta Sousa',
  authorEmail: 'marta@lusitana.pt',
  userId: null,
  message: 'Podem baixar o preço?\n<b>urgente</b>',
  createdAt: '2026-06-02T10:00:00.000Z',
};

function renderAs(role: 'sales' | 'viewer', proposal: Proposal, more: Parameters<typeof mockApi>[0] = {}) {
  const user = role === 'sales' ? OWNER : buildUser({ role: 'viewer' });
  localStorage.setItem('user', JSON.stringify(user));
  syncAuthFromStorage();
  const api = mockApi({
    [`GET /proposals/${ID}`]: () => jsonResponse(200, { data: proposal }),
    [`GET /proposals/${ID}/evidence`]: () =>
      jsonResponse(200, { data: { intact: true, brokenAt: null, events: [] } }),
    [`GET /proposals/${ID}/versions`]: () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/attachments`]: () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/comments`]: () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/messages`]: () => jsonResponse(200, { data: [REQUEST] }),
    ...more,
  });
  renderRoutes([{ path: '/proposals/:id', element: <ProposalPage /> }], { route: `/proposals/${ID}` });
  return api;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('ProposalPage: the client’s messages', () => {
  it('lists the request as text and the owner answers it', async () => {
    const user = userEvent.setup();
    const answer = {
      ...REQUEST,
      id: '1b6f0c8e-2d0e-4a8f-9a53-7a4b8a1e9f10',
      kind: 'answer',
      userId: OWNER.id,
    };
    const api = renderAs('sales', proposalOf(), {
      [`POST /proposals/${ID}/messages`]: () => jsonResponse(201, { data: answer }),
    });
    const panel = await screen.findByRole('region', { name: 'Mensagens do cliente' });
    const text = await within(panel).findByText(/Podem baixar o preço/);
    expect(text.textContent).toBe('Podem baixar o preço?\n<b>urgente</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(within(panel).getByText('Pedido de alterações')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Enviar resposta' }));
    expect(await within(panel).findByText(MESSAGES.clientMessageRequired)).toBeInTheDocument();
    expect(api.bodiesOf(`POST /proposals/${ID}/messages`)).toHaveLength(0);

    await user.type(within(panel).getByRole('textbox', { name: /Responder ao cliente/ }), 'Sim, 5 %.');
    await user.click(within(panel).getByRole('button', { name: 'Enviar resposta' }));
    await vi.waitFor(() =>
      expect(within(panel).getByRole('textbox', { name: /Responder ao cliente/ })).toHaveValue(''),
    );
    expect(api.bodiesOf(`POST /proposals/${ID}/messages`)).toEqual([{ message: 'Sim, 5 %.' }]);
  });

  it('a viewer reads the messages but has no answer form and no cancel button', async () => {
    renderAs('viewer', proposalOf());
    const panel = await screen.findByRole('region', { name: 'Mensagens do cliente' });
    expect(await within(panel).findByText(/Podem baixar o preço/)).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar proposta' })).not.toBeInTheDocument();
  });
});

describe('ProposalPage: Cancelar proposta', () => {
  it('asks for the reason, tells the client only when ticked, then shows the cancelled proposal', async () => {
    const user = userEvent.setup();
    const cancelled = proposalOf({
      status: 'cancelled',
      cancelledAt: '2026-06-04T10:00:00.000Z',
      cancellationReason: 'Cliente desistiu',
    });
    const api = renderAs('sales', proposalOf(), {
      [`POST /proposals/${ID}/cancel`]: () => jsonResponse(200, { data: cancelled }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancelar proposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar proposta' });
    const notify = within(dialog).getByRole('checkbox', { name: /Avisar o cliente por email/ });
    expect(notify).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar proposta' }));
    expect(await within(dialog).findByText(MESSAGES.cancelReasonRequired)).toBeInTheDocument();
    expect(api.bodiesOf(`POST /proposals/${ID}/cancel`)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo do cancelamento/ }),
      'Cliente desistiu',
    );
    await user.click(notify);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar proposta' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(`POST /proposals/${ID}/cancel`)).toEqual([
      { reason: 'Cliente desistiu', notifyClient: true },
    ]);
    const alert = await screen.findByRole('alert', { name: /Proposta cancelada/ });
    expect(alert).toHaveTextContent('Motivo: Cliente desistiu');
    expect(screen.queryByRole('button', { name: 'Cancelar proposta' })).not.toBeInTheDocument();
  });
});
