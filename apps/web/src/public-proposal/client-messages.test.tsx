import { MESSAGES } from '@aceite/shared/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicProposalApp } from './public-proposal-app';
import { fail, makeProposal, ok, stubFetch, TOKEN } from './test-fixtures';

// Questions, change requests and the conversation (docs/product.md#client-questions-and-change-requests).

function renderPage() {
  return render(<PublicProposalApp publicToken={TOKEN} env="test" />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const recipient = { name: 'Marta Sousa', email: 'marta@sousa.pt' };
const conversation = [
  {
    kind: 'change_request' as const,
    authorName: 'Marta Sousa',
    message: 'Podem baixar o preço?\n<b>obrigada</b>',
    createdAt: '2026-03-06T10:00:00.000Z',
  },
  {
    kind: 'answer' as const,
    authorName: 'Rui Vendas',
    message: 'Sim, 5 %.',
    createdAt: '2026-03-06T11:00:00.000Z',
  },
];

describe('client questions and change requests on the public page', () => {
  it('asks for changes with the name and email prefilled, then shows the conversation and the new status', async () => {
    const user = userEvent.setup();
    let sent = false;
    const fetchMock = stubFetch((url) => {
      if (url.endsWith('/messages')) {
        sent = true;
        return { status: 201, body: { data: conversation.slice(0, 1) } };
      }
      return ok(
        sent
          ? makeProposal({ recipient, status: 'under_negotiation', messages: conversation.slice(0, 1) })
          : makeProposal({ recipient }),
      );
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Pedir alterações' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir alterações' });
    expect(within(dialog).getByRole('textbox', { name: /Nome/ })).toHaveValue('Marta Sousa');
    expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveValue('marta@sousa.pt');
    // An empty message is said under its field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(MESSAGES.clientMessageRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/messages'))).toBe(false);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Alterações pretendidas/ }),
      'Podem baixar o preço?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByText(/Pedido de alterações enviado/)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/messages'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      kind: 'change_request',
      name: 'Marta Sousa',
      email: 'marta@sousa.pt',
      message: 'Podem baixar o preço?',
    });
    const list = await screen.findByRole('list', { name: 'Conversa com a equipa' });
    expect(within(list).getByText(/Podem baixar o preço\?/)).toBeInTheDocument();
    expect(screen.getByText('Em negociação')).toBeInTheDocument();
  });

  it('shows the conversation as text, oldest first, without the buttons once the proposal is answered', async () => {
    stubFetch(() =>
      ok(
        makeProposal({
          status: 'accepted',
          isActionable: false,
          acceptedAt: '2026-03-07T09:00:00.000Z',
          messages: conversation,
        }),
      ),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Conversa com a equipa' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Pedido de alterações'),
      expect.stringContaining('Resposta'),
    ]);
    const text = within(items[0] as HTMLElement).getByText(/Podem baixar/);
    expect(text.textContent).toBe('Podem baixar o preço?\n<b>obrigada</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fazer uma pergunta' })).not.toBeInTheDocument();
  });

  it('a 409 says why and reloads the proposal', async () => {
    const user = userEvent.setup();
    let refused = false;
    stubFetch((url) => {
      if (url.endsWith('/messages')) {
        refused = true;
        return fail(409, 'CONFLICT', MESSAGES.proposalUnavailable);
      }
      return ok(
        refused ? makeProposal({ status: 'expired', isActionable: false }) : makeProposal({ recipient }),
      );
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Fazer uma pergunta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fazer uma pergunta' });
    await user.type(within(dialog).getByRole('textbox', { name: /Pergunta/ }), 'Inclui alojamento?');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MESSAGES.proposalUnavailable)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Proposta expirada' })).toBeInTheDocument();
  });

  it('says a cancelled proposal is no longer available', async () => {
    stubFetch(() => fail(404, 'NOT_FOUND', MESSAGES.proposalUnavailable));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: MESSAGES.proposalUnavailable }),
    ).toBeVisible();
    expect(document.title).toBe(`${MESSAGES.proposalUnavailable} · Aceite`);
  });
});
