import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import type { ProposalApproval } from '@aceite/shared/schemas/approvals';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { ApprovalPanel } from './approval-panel';
import { SendProposalButton } from './send-proposal-button';

const ID = '00000000-0000-4000-8000-000000000001';
const URL = `/proposals/${ID}`;

afterEach(() => vi.unstubAllGlobals());

const state = (over: Partial<ProposalApproval> = {}): ProposalApproval => ({
  status: 'draft',
  blocksSending: true,
  required: true,
  reopened: false,
  reopenedAt: null,
  totalRange: { min: 600_000, max: 600_000 },
  canRequest: true,
  canApprove: false,
  lastReturn: null,
  history: [],
  reasons: [],
  approvers: [],
  ...over,
});

const returned = {
  id: '00000000-0000-4000-8000-0000000000aa',
  action: 'returned' as const,
  note: 'Baixe o desconto para 10 %',
  contentSha256: null,
  actorName: 'Marta Gestora',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('ApprovalPanel (docs/product.md#approvals)', () => {
  it('shows the range of totals the client may choose and a change re-opened after sending (issue 34)', async () => {
    const reopened = {
      ...returned,
      id: '00000000-0000-4000-8000-0000000000ab',
      action: 'reopened' as const,
      note: 'Alterada depois de enviada ao cliente',
    };
    mockApi({
      [`GET ${URL}/approval`]: () =>
        jsonResponse(200, {
          data: state({
            status: 'sent',
            blocksSending: false,
            canRequest: false,
            canApprove: true,
            reopened: true,
            reopenedAt: '2026-11-20T10:00:00.000Z',
            totalRange: { min: 1_230, max: 123_001_230 },
            history: [reopened],
          }),
        }),
    });
    renderWithOverlays(<ApprovalPanel proposalId={ID} />);
    expect(await screen.findByText('Em revisão')).toBeInTheDocument();
    const range = `De ${formatMoney(1_230)} a ${formatMoney(123_001_230)}`.replace(/\s/g, ' ');
    expect(screen.getByText(range)).toBeInTheDocument();
    expect(screen.getByText('Aprovação reaberta')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprovar' })).toBeInTheDocument();
  });

  it('explains why sending is blocked and asks for approval with an optional note', async () => {
    const api = mockApi({
      [`GET ${URL}/approval`]: () => jsonResponse(200, { data: state() }),
      [`POST ${URL}/approval-request`]: () =>
        jsonResponse(200, { data: state({ status: 'in_review', canRequest: false }) }),
    });
    const { user } = renderWithOverlays(<ApprovalPanel proposalId={ID} />);
    expect(await screen.findByText(new RegExp(MESSAGES.approvalRequired))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pedir aprovação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir aprovação' });
    await user.type(within(dialog).getByLabelText(/Nota para quem aprova/), 'Cliente estratégico');
    await user.click(within(dialog).getByRole('button', { name: 'Pedir aprovação' }));
    expect(await screen.findByText('Aprovação pedida.')).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${URL}/approval-request`)).toEqual([{ note: 'Cliente estratégico' }]);
    expect(await screen.findByText(/À espera de aprovação/)).toBeInTheDocument();
  });

  it('shows the comment of the latest return on the proposal', async () => {
    mockApi({
      [`GET ${URL}/approval`]: () =>
        jsonResponse(200, { data: state({ lastReturn: returned, history: [returned] }) }),
    });
    renderWithOverlays(<ApprovalPanel proposalId={ID} />);
    const by = await screen.findByText(/Marta Gestora devolveu a proposta/);
    const alert = by.closest<HTMLElement>('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(within(alert as HTMLElement).getByText('Baixe o desconto para 10 %')).toBeInTheDocument();
  });

  it('requires a comment to return, then returns; approves in one click', async () => {
    const api = mockApi({
      [`GET ${URL}/approval`]: () =>
        jsonResponse(200, { data: state({ status: 'in_review', canRequest: false, canApprove: true }) }),
      [`POST ${URL}/return`]: () => jsonResponse(200, { data: state({ lastReturn: returned }) }),
      [`POST ${URL}/approve`]: () =>
        jsonResponse(200, { data: state({ status: 'approved', blocksSending: false, canRequest: false }) }),
    });
    const { user } = renderWithOverlays(<ApprovalPanel proposalId={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Devolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver proposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(await within(dialog).findByText(MESSAGES.approvalCommentRequired)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${URL}/return`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/O que deve ser alterado/), 'Baixe o desconto para 10 %');
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(await screen.findByText('Proposta devolvida.')).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${URL}/return`)).toEqual([{ comment: 'Baixe o desconto para 10 %' }]);
  });

  it('approves', async () => {
    const api = mockApi({
      [`GET ${URL}/approval`]: () =>
        jsonResponse(200, { data: state({ status: 'in_review', canRequest: false, canApprove: true }) }),
      [`POST ${URL}/approve`]: () =>
        jsonResponse(200, { data: state({ status: 'approved', blocksSending: false, canRequest: false }) }),
    });
    const { user } = renderWithOverlays(<ApprovalPanel proposalId={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Proposta aprovada.')).toBeInTheDocument();
    await waitFor(() => expect(api.bodiesOf(`POST ${URL}/approve`)).toHaveLength(1));
    expect(await screen.findByText('Aprovada: já pode ser enviada ao cliente.')).toBeInTheDocument();
  });

  it('shows nothing when the policy never touched the proposal', async () => {
    const api = mockApi({
      [`GET ${URL}/approval`]: () =>
        jsonResponse(200, { data: state({ required: false, blocksSending: false, canRequest: false }) }),
    });
    const { container } = renderWithOverlays(<ApprovalPanel proposalId={ID} />);
    await waitFor(() => expect(api.fetchMock).toHaveBeenCalled());
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('SendProposalButton blocked by the approval policy', () => {
  it('says why and opens nothing', async () => {
    const api = mockApi({});
    const proposal = {
      id: ID,
      title: 'Website',
      client: { name: 'Rita', email: 'rita@exemplo.pt' },
      totalValue: 1,
      validUntil: null,
      content: { items: [] },
    };
    const { user } = renderWithOverlays(
      <SendProposalButton proposal={proposal} blockedReason={MESSAGES.approvalRequired} />,
    );
    const button = screen.getByRole('button', { name: 'Enviar por email' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByText(MESSAGES.approvalRequired)).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('names the rule the proposal meets and who may approve it (issue 37)', async () => {
    const text = 'O total (6 150,00 €) é igual ou superior a 5 000,00 €, o limite definido pela organização.';
    mockApi({
      [`GET ${URL}/approval`]: () =>
        jsonResponse(200, {
          data: state({
            reasons: [{ rule: 'total', value: 615_000, limit: 500_000, text }],
            approvers: [
              { id: '00000000-0000-4000-8000-0000000000c1', name: 'Marta Gestora' },
              { id: '00000000-0000-4000-8000-0000000000c2', name: 'Ana Admin' },
            ],
          }),
        }),
    });
    renderWithOverlays(<ApprovalPanel proposalId={ID} />, { route: URL });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Quem pode aprovar: Marta Gestora, Ana Admin.')).toBeInTheDocument();
    expect(screen.queryByText(/O valor ou o desconto atinge/)).not.toBeInTheDocument();
  });
});
