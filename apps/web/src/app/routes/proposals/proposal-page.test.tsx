import { MESSAGES } from '@aceite/shared/messages';
import type { ProposalApproval } from '@aceite/shared/schemas/approvals';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { ProposalPage } from './proposal-page';

const USER = buildUser({ role: 'sales' });
const ID = '3f2b8c1e-6a4d-4e2f-9b7c-1d2e3f4a5b6c';

function buildProposal(overrides: Partial<Proposal> = {}): Proposal {
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
    status: 'sent',
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
    ownerId: USER.id,
    owner: { id: USER.id, firstName: 'Ana', lastName: 'Silva', email: USER.email },
    viewCount: 1,
    sentAt: '2026-06-01T10:00:00.000Z',
    acceptedAt: null,
    rejectedAt: null,
    rejectionReason: null,
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

const NO_EVIDENCE = { intact: true, brokenAt: null, events: [] };

function renderPage(proposal: Proposal, more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [`GET /proposals/${ID}/evidence`]: () => jsonResponse(200, { data: NO_EVIDENCE }),
    ...more,
    [`GET /proposals/${ID}`]: () => jsonResponse(200, { data: proposal }),
    [`GET /proposals/${ID}/versions`]: () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/attachments`]: () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/comments`]: () => jsonResponse(200, { data: [] }),
    [`GET /proposals/${ID}/messages`]: () => jsonResponse(200, { data: [] }),
  });
  const rendered = renderRoutes([{ path: '/proposals/:id', element: <ProposalPage /> }], {
    route: `/proposals/${ID}`,
  });
  return { ...rendered, ...api };
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('ProposalPage: a cancelled proposal (issue 37)', () => {
  it("offers neither sending, the link nor editing, says why, and keeps 'Duplicar'", async () => {
    renderPage(
      buildProposal({
        status: 'cancelled',
        cancelledAt: '2026-06-03T15:30:00.000Z',
        cancellationReason: 'O cliente desistiu',
      }),
    );
    expect(await screen.findByText(MESSAGES.proposalCancelledNoSend)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar por email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar link público' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Duplicar Loja online' })).toBeInTheDocument();
  });
});

describe('ProposalPage: the client’s answer', () => {
  it('shows the reason the client gave for rejecting', async () => {
    renderPage(
      buildProposal({
        status: 'rejected',
        rejectedAt: '2026-06-03T15:30:00.000Z',
        rejectionReason: 'Orçamento acima do previsto.\nVoltamos a falar em setembro.',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Rejeitada pelo cliente');
    expect(alert).toHaveTextContent('Motivo indicado pelo cliente');
    expect(alert).toHaveTextContent('Orçamento acima do previsto.');
    expect(alert).toHaveTextContent('Voltamos a falar em setembro.');
  });

  it('says when the client gave no reason', async () => {
    renderPage(buildProposal({ status: 'rejected', rejectedAt: '2026-06-03T15:30:00.000Z' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O cliente não indicou o motivo.');
  });
});

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('ProposalPage: a signed proposal', () => {
  it("shows 'Assinada' (not 'Aceite'), the signer's name, email, date and the signature", async () => {
    renderPage(
      buildProposal({
        status: 'accepted',
        acceptedAt: '2026-06-03T13:05:00.000Z',
        signedAt: '2026-06-03T13:05:00.000Z',
        signedByName: 'Joana Lima',
        signedByEmail: 'joana@lima.pt',
        signatureData: PNG_1X1,
      }),
    );
    const signature = await screen.findByRole('region', { name: 'Assinatura do cliente' });
    expect(within(signature).getByText('Joana Lima')).toBeInTheDocument();
    expect(within(signature).getByRole('link', { name: 'joana@lima.pt' })).toHaveAttribute(
      'href',
      'mailto:joana@lima.pt',
    );
    expect(signature).toHaveTextContent(/03\/06\/2026/);
    expect(within(signature).getByRole('img', { name: 'Assinatura de Joana Lima' })).toHaveAttribute(
      'src',
      PNG_1X1,
    );
    expect(screen.getAllByText('Assinada').length).toBeGreaterThan(0);
    expect(screen.queryByText('Aceite', { selector: '.mantine-Badge-label' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Assinada pelo cliente');
  });
});

describe('ProposalPage: how the client who answered was verified (issue 20)', () => {
  it("shows the emailed code's masked address, when it was sent and when it was used", async () => {
    renderPage(
      buildProposal({
        status: 'accepted',
        acceptedAt: '2026-06-03T13:05:00.000Z',
        answerVerification: {
          method: 'email_code',
          maskedEmail: 'j•••@lima.pt',
          sentAt: '2026-06-03T13:01:00.000Z',
          usedAt: '2026-06-03T13:05:00.000Z',
          outboxId: null,
        },
      }),
    );
    expect(await screen.findByText(/Email do cliente confirmado com código/)).toHaveTextContent(
      /enviado para j•••@lima\.pt em 03\/06\/2026.* e usado em 03\/06\/2026/,
    );
  });

  it('says when the answer came without a code, and why', async () => {
    renderPage(
      buildProposal({
        status: 'rejected',
        rejectedAt: '2026-06-03T13:05:00.000Z',
        answerVerification: { method: 'none', reason: 'no_client_email' },
      }),
    );
    expect(await screen.findByText(/Resposta sem código de confirmação/)).toHaveTextContent(
      'a proposta não tinha cliente com email.',
    );
  });
});

const HASH = (c: string) => c.repeat(64);
const EVENTS = [
  {
    seq: 1,
    type: 'sent',
    occurredAt: '2026-06-01T10:00:00.000Z',
    payload: { outboxId: 'o-1', version: 1 },
    prevHash: HASH('0'),
    hash: HASH('a'),
  },
  {
    seq: 2,
    type: 'viewed',
    occurredAt: '2026-06-01T11:00:00.000Z',
    payload: { ip: '203.0.113.0/24', userAgent: 'Firefox/140' },
    prevHash: HASH('a'),
    hash: HASH('b'),
  },
];

describe('ProposalPage: Registo de prova', () => {
  it('lists each event on one line and says the chain is intact', async () => {
    renderPage(buildProposal(), {
      [`GET /proposals/${ID}/evidence`]: () =>
        jsonResponse(200, { data: { intact: true, brokenAt: null, events: EVENTS } }),
    });
    const panel = await screen.findByRole('region', { name: 'Registo de prova' });
    const list = await within(panel).findByRole('list', { name: 'Eventos do registo de prova' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Enviada ao cliente por email');
    expect(lines[1]).toHaveTextContent('Vista pelo cliente');
    expect(lines[1]).toHaveTextContent('rede 203.0.113.0/24 · Firefox/140');
    expect(within(panel).getByText('Cadeia íntegra')).toBeInTheDocument();
  });

  it("says the client's network is hidden after the client was deleted (pseudonymised)", async () => {
    const hidden = EVENTS.map((e) =>
      e.type === 'viewed' ? { ...e, payload: { ...e.payload, ip: null } } : e,
    );
    renderPage(buildProposal(), {
      [`GET /proposals/${ID}/evidence`]: () =>
        jsonResponse(200, {
          data: { intact: true, brokenAt: null, events: hidden, clientPseudonymised: true },
        }),
    });
    const panel = await screen.findByRole('region', { name: 'Registo de prova' });
    const list = await within(panel).findByRole('list', { name: 'Eventos do registo de prova' });
    expect(panel).toHaveTextContent(
      'O cliente foi eliminado: a rede e o endereço de email dos eventos estão ocultos',
    );
    expect(list).not.toHaveTextContent('203.0.113.0/24');
    expect(list).toHaveTextContent('Firefox/140');
  });

  it('says where a tampered chain breaks', async () => {
    renderPage(buildProposal(), {
      [`GET /proposals/${ID}/evidence`]: () =>
        jsonResponse(200, { data: { intact: false, brokenAt: 2, events: EVENTS } }),
    });
    const panel = await screen.findByRole('region', { name: 'Registo de prova' });
    expect(await within(panel).findByText('Cadeia quebrada')).toBeInTheDocument();
    expect(panel).toHaveTextContent('O registo foi alterado a partir do evento n.º 2');
  });
});

const ORIGINAL_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('ProposalPage: Reemitir como nova versão', () => {
  it('offers it on an accepted proposal and opens the new draft', async () => {
    const COPY_ID = '1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';
    const accepted = buildProposal({ status: 'accepted', acceptedAt: '2026-06-03T13:05:00.000Z' });
    const copy = buildProposal({ id: COPY_ID, status: 'draft', reissuedFromId: ID });
    const { user, router, bodiesOf } = renderPage(accepted, {
      [`POST /proposals/${ID}/reissue`]: () => jsonResponse(201, { data: copy }),
      [`GET /proposals/${COPY_ID}`]: () => jsonResponse(200, { data: copy }),
      [`GET /proposals/${COPY_ID}/evidence`]: () => jsonResponse(200, { data: NO_EVIDENCE }),
      [`GET /proposals/${COPY_ID}/versions`]: () => jsonResponse(200, { data: [] }),
      [`GET /proposals/${COPY_ID}/attachments`]: () => jsonResponse(200, { data: [] }),
      [`GET /proposals/${COPY_ID}/comments`]: () => jsonResponse(200, { data: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reemitir como nova versão' }));
    expect(bodiesOf(`POST /proposals/${ID}/reissue`)).toHaveLength(1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/proposals/${COPY_ID}`));
    expect(
      await screen.findByRole('region', { name: 'Alterações face à versão aceite' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Editar' })).toBeInTheDocument();
  });

  it('is not offered before the client accepted', async () => {
    renderPage(buildProposal({ status: 'sent' }));
    await screen.findByRole('region', { name: 'Registo de prova' });
    expect(screen.queryByRole('button', { name: 'Reemitir como nova versão' })).not.toBeInTheDocument();
  });

  it('shows on the reissued draft what changed against the accepted version', async () => {
    const item = {
      name: 'Horas',
      description: '',
      quantity: 10,
      unitPrice: 5000,
      unit: '',
      discount: 0,
      tax: null,
      exemption: null,
    };
    const accepted = buildProposal({
      id: ORIGINAL_ID,
      status: 'accepted',
      subtotal: 50000,
      taxAmount: 11500,
      totalValue: 61500,
      content: { blocks: [], items: [item, { ...item, name: 'Alojamento', quantity: 1, unitPrice: 9000 }] },
    });
    const draft = buildProposal({
      status: 'draft',
      reissuedFromId: ORIGINAL_ID,
      subtotal: 60000,
      taxAmount: 13800,
      totalValue: 73800,
      content: { blocks: [], items: [{ ...item, quantity: 12 }] },
    });
    renderPage(draft, {
      [`GET /proposals/${ORIGINAL_ID}`]: () => jsonResponse(200, { data: accepted }),
    });
    const panel = await screen.findByRole('region', { name: 'Alterações face à versão aceite' });
    const list = await within(panel).findByRole('list', { name: 'Alterações' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\s/g, ' '));
    expect(lines).toEqual([
      'Horas: quantidade 10 → 12',
      'Item removido: Alojamento',
      'Subtotal: 500,00 € → 600,00 €',
      'IVA: 115,00 € → 138,00 €',
      'Total: 615,00 € → 738,00 €',
    ]);
    expect(within(panel).getByRole('link', { name: 'Ver a proposta aceite' })).toHaveAttribute(
      'href',
      `/proposals/${ORIGINAL_ID}`,
    );
  });
});

describe('ProposalPage: awaiting approval (docs/product.md#approvals)', () => {
  // Typed, so a field the API adds to the approval is added here too (tsc fails otherwise).
  const approval = (blocksSending: boolean): ProposalApproval => ({
    status: blocksSending ? 'draft' : 'approved',
    blocksSending,
    required: true,
    reopened: false,
    reopenedAt: null,
    totalRange: { min: 307_500, max: 307_500 },
    canRequest: blocksSending,
    canApprove: false,
    lastReturn: null,
    history: [],
    reasons: [],
    approvers: [],
  });

  it('blocks the send button, says why, and hides the public link until approved', async () => {
    renderPage(buildProposal({ status: 'draft', sentAt: null }), {
      [`GET /proposals/${ID}/approval`]: () => jsonResponse(200, { data: approval(true) }),
    });
    const send = await screen.findByRole('button', { name: 'Enviar por email' });
    expect(await screen.findByRole('button', { name: 'Pedir aprovação' })).toBeInTheDocument();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('region', { name: 'Aprovação' })).toHaveTextContent(
      'Esta proposta precisa de aprovação antes de ser enviada.',
    );
    expect(screen.queryByRole('button', { name: 'Copiar link público' })).not.toBeInTheDocument();
  });

  it('offers both once approved', async () => {
    renderPage(buildProposal({ status: 'approved', sentAt: null }), {
      [`GET /proposals/${ID}/approval`]: () => jsonResponse(200, { data: approval(false) }),
    });
    expect(await screen.findByText('Aprovada: já pode ser enviada ao cliente.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar por email' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Copiar link público' })).toBeInTheDocument();
  });
});

describe('ProposalPage: the recipient fixed at sending (issue 34)', () => {
  it("shows 'Destinatário: Nome <email>' and changes it through 'Alterar destinatário'", async () => {
    const recipient = { name: 'Padaria Lusitana', email: 'geral@lusitana.pt' };
    const changed = { name: 'Rui Matos', email: 'rui@lusitana.pt' };
    let failOnce = true;
    const { user, bodiesOf } = renderPage(buildProposal({ recipient }), {
      [`POST /proposals/${ID}/recipient`]: () => {
        if (failOnce) {
          failOnce = false;
          return jsonResponse(500, { error: { code: 'INTERNAL', message: 'Erro interno' } });
        }
        return jsonResponse(200, { data: buildProposal({ recipient: changed }) });
      },
    });
    expect(await screen.findByText('<geral@lusitana.pt>', { exact: false })).toHaveTextContent(
      'Destinatário: Padaria Lusitana <geral@lusitana.pt>',
    );
    await user.click(screen.getByRole('button', { name: 'Alterar destinatário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar destinatário' });
    const email = within(dialog).getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'não é email');
    await user.click(within(dialog).getByRole('button', { name: 'Alterar e enviar' }));
    expect(bodiesOf(`POST /proposals/${ID}/recipient`)).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/^Nome/));
    await user.type(within(dialog).getByLabelText(/^Nome/), changed.name);
    await user.clear(email);
    await user.type(email, changed.email);
    await user.click(within(dialog).getByRole('button', { name: 'Alterar e enviar' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Alterar e enviar' }));
    expect(await screen.findByText('<rui@lusitana.pt>', { exact: false })).toHaveTextContent(
      'Destinatário: Rui Matos <rui@lusitana.pt>',
    );
    expect(bodiesOf(`POST /proposals/${ID}/recipient`)).toEqual([changed, changed]);
  });

  it('offers no change to a viewer', async () => {
    localStorage.setItem('user', JSON.stringify(buildUser({ role: 'viewer' })));
    syncAuthFromStorage();
    renderPage(buildProposal({ recipient: { name: 'Padaria', email: 'geral@lusitana.pt' } }));
    expect(await screen.findByText('<geral@lusitana.pt>', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alterar destinatário' })).not.toBeInTheDocument();
  });
});
