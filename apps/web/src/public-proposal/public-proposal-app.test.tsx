import { createHash } from 'node:crypto';
import { canonicalContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicProposalApp } from './public-proposal-app';
import { fail, makeProposal, ok, stubFetch, TOKEN } from './test-fixtures';

/** The fixture's content hash, computed with Node's crypto over the canonical JSON. */
const shownSha256 = () => createHash('sha256').update(canonicalContent(makeProposal())).digest('hex');

/** Money as Testing Library reads it: its default normalizer turns the no-break spaces into spaces. */
const money = (cents: number) => formatMoney(cents).replace(/\s/g, ' ');

function renderPage(token: string | null = TOKEN) {
  return render(<PublicProposalApp publicToken={token} env="test" />);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public proposal page', () => {
  it('shows the proposal: title, status, blocks as text, items, totals, owner and client', async () => {
    stubFetch(() => ok(makeProposal()));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Website institucional' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toHaveTextContent('Atlântico Digital');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByText('Enviada')).toBeInTheDocument();
    // Not the team's tracking (issue 37).
    expect(document.body.textContent?.toLowerCase()).not.toContain('visualiza');
    // User text keeps its line breaks and is never interpreted as HTML.
    const block = screen.getByText(/Linha dois/);
    expect(block.textContent).toBe('Linha um\nLinha dois <b>não é HTML</b>');
    expect(block.querySelector('b')).toBeNull();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Item', 'Qtd.', 'Preço unitário', 'Total']);
    const design = within(table).getByRole('row', { name: /Design/ });
    expect(design).toHaveTextContent('Maquetas e protótipo');
    expect(design).toHaveTextContent(money(300000));
    expect(screen.getByText(/^Desconto \(10\s%\)$/)).toBeInTheDocument();
    expect(screen.getByText(`−${money(72000)}`)).toBeInTheDocument();
    expect(screen.getByText(/^IVA \(23\s%\)$/)).toBeInTheDocument();
    expect(screen.getAllByText(money(797040)).length).toBeGreaterThan(0);
    // One date style in the whole product: dd/mm/aaaa.
    expect(screen.getByText('31/12/2099')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'vendas@aceite.demo' })).toHaveAttribute(
      'href',
      'mailto:vendas@aceite.demo',
    );
    expect(screen.getByText('Sousa & Filhos, Lda.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Website institucional · Atlântico Digital'));
  });

  it("shows a line's unit with its price (15,00 € / mês), its own discount and IVA, and IVA without one rate", async () => {
    const base = makeProposal();
    stubFetch(() =>
      ok(
        makeProposal({
          content: {
            blocks: [],
            items: [
              {
                name: 'Alojamento',
                description: '',
                quantity: 12,
                unit: 'mês',
                unitPrice: 1500,
                discount: 10,
                tax: 6,
                exemption: null,
              },
              ...base.content.items,
            ],
          },
        }),
      ),
    );
    renderPage();

    const row = await screen.findByRole('row', { name: /Alojamento/ });
    expect(row).toHaveTextContent(`${money(1500)} / mês`);
    expect(row).toHaveTextContent('Desconto 10 % · IVA 6 %');
    // 12 × 15,00 € less 10 %.
    expect(row).toHaveTextContent(money(16200));
    expect(screen.getByText('IVA', { selector: 'dt' })).toBeInTheDocument();
  });

  it('lists the attachments visible to the client, each downloaded through the public link', async () => {
    stubFetch((url) =>
      url.endsWith('/attachments')
        ? ok([
            {
              id: '7d0c5a8e-2f7b-4d3a-9c1e-5b6a7c8d9e0f',
              fileName: 'Caderno de encargos.pdf',
              description: 'Versão final',
              fileSize: 12_800,
              mimeType: 'application/pdf',
            },
          ])
        : ok(makeProposal()),
    );
    renderPage();

    const section = await screen.findByRole('region', { name: 'Anexos' });
    const link = within(section).getByRole('link', { name: /Caderno de encargos\.pdf/ });
    expect(link).toHaveAttribute(
      'href',
      `/api/v1/public/proposals/${TOKEN}/attachments/7d0c5a8e-2f7b-4d3a-9c1e-5b6a7c8d9e0f/download`,
    );
    expect(section).toHaveTextContent('12,5 KB · Versão final');
  });

  it('shows no Anexos section when the client has none to see', async () => {
    stubFetch((url) => (url.endsWith('/attachments') ? ok([]) : ok(makeProposal())));
    renderPage();

    await screen.findByRole('heading', { level: 1, name: 'Website institucional' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Anexos' })).toBeNull());
  });

  it('defaults an item without quantity to 1 and without unit price to 0', async () => {
    const items = [{ name: 'Sem valores', description: '' }] as never;
    stubFetch(() => ok(makeProposal({ content: { blocks: [], items } })));
    renderPage();

    const row = await screen.findByRole('row', { name: /Sem valores/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('1');
    expect(cells[2]).toHaveTextContent(money(0));
    expect(cells[3]).toHaveTextContent(money(0));
  });

  it("prefills the signer's name and email with the recipient's", async () => {
    stubFetch(() => ok(makeProposal({ recipient: { name: 'Marta Sousa', email: 'marta@cliente.pt' } })));
    renderPage();

    expect(await screen.findByRole('textbox', { name: /Nome completo/ })).toHaveValue('Marta Sousa');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('marta@cliente.pt');
  });

  it('while actionable shows the signature form and the Aceitar and Rejeitar buttons', async () => {
    stubFetch(() => ok(makeProposal()));
    renderPage();

    expect(await screen.findByRole('textbox', { name: /Nome completo/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /Email/ })).toBeRequired();
    // Enabled once the page's script runs it (hydrated.ts): a render later.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Assinar proposta' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Aceitar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rejeitar' })).toBeEnabled();
  });

  it('states who processes the client data before deciding, in the words the server gave', async () => {
    const proposal = makeProposal();
    stubFetch(() => ok(proposal));
    renderPage();

    const notice = await screen.findByTestId('privacy-notice');
    // docs/product.md#personal-data: exactly the text the server stores with the decision.
    expect(notice.textContent).toBe(proposal.privacyNotice.text);
    expect(notice).toHaveTextContent(
      /tratados por Atlântico Digital \(contacto: Rui Vendas, vendas@aceite\.demo\)/,
    );
    const link = within(notice).getByRole('link', { name: 'https://atlantico.pt/privacidade' });
    expect(link).toHaveAttribute('href', 'https://atlantico.pt/privacidade');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // It comes before the actions, and goes with them once the client has answered.
    expect(
      notice.compareDocumentPosition(screen.getByRole('button', { name: 'Aceitar' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('asks for name and email before the signature step', async () => {
    const user = userEvent.setup();
    stubFetch(() => ok(makeProposal()));
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Assinar proposta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.signNameEmailRequired);
    expect(screen.getByRole('textbox', { name: /Nome completo/ })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: /Nome completo/ }), 'Marta Sousa');
    await user.click(screen.getByRole('button', { name: 'Assinar proposta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.signNameEmailRequired);

    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'marta@');
    await user.click(screen.getByRole('button', { name: 'Assinar proposta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.emailInvalid);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after signing shows the signer, the email, the date and the signature image instead of the form', async () => {
    stubFetch(() =>
      ok(
        makeProposal({
          status: 'accepted',
          isActionable: false,
          signedAt: '2026-03-06T15:30:00.000Z',
          acceptedAt: '2026-03-06T15:30:00.000Z',
          signedByName: 'Marta Sousa',
          signedByEmail: 'marta@sousa.pt',
          signatureData: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      ),
    );
    renderPage();

    const heading = await screen.findByRole('heading', { name: 'Proposta assinada e aceite' });
    const box = within(heading.closest('section') as HTMLElement);
    expect(box.getByText('Marta Sousa')).toBeInTheDocument();
    expect(box.getByText('marta@sousa.pt')).toBeInTheDocument();
    expect(box.getAllByText(/06\/03\/2026/).length).toBeGreaterThan(0);
    expect(box.getByRole('img', { name: 'Assinatura de Marta Sousa' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.queryByRole('textbox', { name: /Nome completo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    // One status word across screens (issue 33): the team's lists say 'Assinada', and so does this badge.
    expect(document.querySelector('.pp-badge')).toHaveTextContent('Assinada');
  });

  it('when accepted shows a result box with the date and no actions', async () => {
    stubFetch(() =>
      ok(makeProposal({ status: 'accepted', isActionable: false, acceptedAt: '2026-03-07T09:00:00.000Z' })),
    );
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Proposta aceite' })).toBeInTheDocument();
    expect(screen.getByText(/Aceite em 07\/03\/2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rejeitar' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('privacy-notice')).not.toBeInTheDocument();
  });

  it('when rejected shows a result box with the date and the reason', async () => {
    stubFetch(() =>
      ok(
        makeProposal({
          status: 'rejected',
          isActionable: false,
          rejectedAt: '2026-03-08T11:00:00.000Z',
          rejectionReason: 'Orçamento acima do previsto',
        }),
      ),
    );
    renderPage();

    const heading = await screen.findByRole('heading', { name: 'Proposta rejeitada' });
    const box = heading.closest('section') as HTMLElement;
    expect(within(box).getByText(/Rejeitada em 08\/03\/2026/)).toBeInTheDocument();
    expect(within(box).getByText('Orçamento acima do previsto')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    expect(screen.getByText('Rejeitada', { selector: '.pp-badge' })).toBeInTheDocument();
  });

  it('when expired says so clearly', async () => {
    stubFetch(() => ok(makeProposal({ status: 'expired', isActionable: false, validUntil: '2026-01-31' })));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Proposta expirada' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(MESSAGES.proposalExpired))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
  });

  it('shows Proposta não encontrada for an unknown link', async () => {
    stubFetch(() => fail(404, 'NOT_FOUND', MESSAGES.proposalNotFound));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Proposta não encontrada' })).toBeVisible();
    // The title is set by an effect after the heading renders: on a busy machine it can lag one tick behind.
    await waitFor(() => expect(document.title).toBe('Proposta não encontrada · Aceite'));
  });

  it('on a white-label host the not-found title names no platform (docs/product.md#white-label)', async () => {
    document.documentElement.setAttribute('data-white-label', '');
    try {
      stubFetch(() => fail(404, 'NOT_FOUND', MESSAGES.proposalNotFound));
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Proposta não encontrada' })).toBeVisible();
      await waitFor(() => expect(document.title).toBe('Proposta não encontrada'));
    } finally {
      document.documentElement.removeAttribute('data-white-label');
    }
  });

  it('shows Proposta não encontrada for an address without a token, without calling the API', async () => {
    const fetchMock = stubFetch(() => ok(makeProposal()));
    renderPage(null);

    expect(await screen.findByRole('heading', { level: 1, name: 'Proposta não encontrada' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when loading fails for another reason', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch(() =>
      ++calls === 1 ? fail(500, 'INTERNAL_ERROR', 'Ocorreu um erro interno.') : ok(makeProposal()),
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Website institucional' })).toBeVisible();
  });

  it('takes the read public/early-proposal.js started instead of asking again, once', async () => {
    const user = userEvent.setup();
    window.__aceiteEarlyProposal = {
      path: TOKEN,
      response: Promise.resolve(
        new Response(JSON.stringify({ data: makeProposal({ title: 'Lida antes do código' }) }), {
          status: 200,
        }),
      ),
    };
    const fetchMock = stubFetch((url) => (url.endsWith('/attachments') ? ok([]) : ok(makeProposal())));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Lida antes do código' })).toBeVisible();
    const proposalReads = () =>
      fetchMock.mock.calls.filter(
        ([url]) =>
          String(url).startsWith(`/api/v1/public/proposals/${TOKEN}`) &&
          /^[^/]*$/.test(String(url).slice(`/api/v1/public/proposals/${TOKEN}`.length)),
      );
    expect(proposalReads()).toHaveLength(0);
    expect(window.__aceiteEarlyProposal).toBeUndefined();

    // Answering re-reads the proposal with the page's own request.
    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar proposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(proposalReads()).toHaveLength(1));
    expect(String(proposalReads()[0]?.[0])).toBe(`/api/v1/public/proposals/${TOKEN}?refresh=1`);
  });

  it('an early read that failed on the network offers the retry like any other failure', async () => {
    const user = userEvent.setup();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    window.__aceiteEarlyProposal = { path: TOKEN, response: failed };
    stubFetch(() => ok(makeProposal()));
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Website institucional' })).toBeVisible();
  });

  it('sends the stored access token so a member previewing the link is not counted as a view', async () => {
    localStorage.setItem('accessToken', 'member-jwt');
    const fetchMock = stubFetch(() => ok(makeProposal()));
    renderPage();

    await screen.findByRole('heading', { level: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/v1/public/proposals/${TOKEN}`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer member-jwt');
  });

  it('accepts after the confirmation, shows the success message and reloads the proposal', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/accept') && init?.method === 'POST') {
        accepted = true;
        return ok({ status: 'accepted' });
      }
      return ok(
        accepted
          ? makeProposal({ status: 'accepted', isActionable: false, acceptedAt: '2026-03-07T09:00:00.000Z' })
          : makeProposal(),
      );
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Aceitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar proposta' });
    expect(dialog).toHaveTextContent(MESSAGES.acceptConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));

    expect(await screen.findByText(MESSAGES.acceptSuccess)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Proposta aceite' })).toBeInTheDocument();
    const accept = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/accept'));
    // Bound to what the page rendered: its version and the SHA-256 of its canonical content, as the server
    // computes it (node's own hash here, not the page's WebCrypto).
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({ version: 1, contentSha256: shownSha256() });
    // One counted view on opening, then a re-read that does not count another.
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith(TOKEN))).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`${TOKEN}?refresh=1`))).toHaveLength(1);
  });

  it('rejects with a reason chosen from the list, the comment optional and empty sent as null', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.endsWith('/reject') ? ok({ status: 'rejected' }) : ok(makeProposal()),
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar proposta' });
    // No reason chosen: said, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await within(dialog).findByText(MESSAGES.rejectionReasonCodeRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/reject'))).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Preço' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentário (opcional)' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));

    expect(await screen.findByText(MESSAGES.rejectSuccess)).toBeInTheDocument();
    const reject = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/reject'));
    expect(JSON.parse(String(reject?.[1]?.body))).toEqual({
      reasonCode: 'price',
      reason: null,
      version: 1,
      contentSha256: shownSha256(),
    });
  });

  it("asks for a text when the reason is 'Outro'", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.endsWith('/reject') ? ok({ status: 'rejected' }) : ok(makeProposal()),
    );
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar proposta' });
    await user.click(within(dialog).getByRole('radio', { name: 'Outro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await within(dialog).findByText(MESSAGES.rejectionReasonOtherText)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/reject'))).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Descreva o motivo/ }), 'Mudámos de planos');
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));
    expect(await screen.findByText(MESSAGES.rejectSuccess)).toBeInTheDocument();
    const reject = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/reject'));
    expect(JSON.parse(String(reject?.[1]?.body))).toMatchObject({
      reasonCode: 'other',
      reason: 'Mudámos de planos',
    });
  });

  it('shows the server message of a 409 and reloads the proposal', async () => {
    const user = userEvent.setup();
    let answered = false;
    stubFetch((url) => {
      if (url.endsWith('/reject')) {
        answered = true;
        return fail(409, 'CONFLICT', MESSAGES.alreadyAnswered);
      }
      return ok(
        answered
          ? makeProposal({ status: 'accepted', isActionable: false, acceptedAt: '2026-03-07T09:00:00.000Z' })
          : makeProposal(),
      );
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Rejeitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejeitar proposta' });
    await user.click(within(dialog).getByRole('radio', { name: 'Prazo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Rejeitar' }));

    expect(await screen.findByText(MESSAGES.alreadyAnswered)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Proposta aceite' })).toBeInTheDocument();
  });

  it('falls back to the spec message when the server gives none', async () => {
    const user = userEvent.setup();
    stubFetch((url) => (url.endsWith('/accept') ? { status: 502, body: null } : ok(makeProposal())));
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Aceitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar proposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));

    expect(await screen.findByText(MESSAGES.acceptError)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Aceitar proposta' })).toBeInTheDocument());
  });

  it('asks for the emailed code when required: sends it on opening, shows a wrong code under the field, accepts with it', async () => {
    const user = userEvent.setup();
    let accepted = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.endsWith('/code')) {
        return ok({
          maskedEmail: 'm•••@exemplo.pt',
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
        });
      }
      if (url.endsWith('/accept')) {
        const body = JSON.parse(String(init?.body ?? '{}')) as { code?: string };
        if (body.code !== '123456') {
          return {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_ERROR',
                message: MESSAGES.answerCodeWrong,
                details: [{ field: 'code', message: MESSAGES.answerCodeWrong }],
                requestId: 'r',
              },
            },
          };
        }
        accepted = true;
        return ok({ status: 'accepted' });
      }
      return ok(
        accepted
          ? makeProposal({ status: 'accepted', isActionable: false, acceptedAt: '2026-03-07T09:00:00.000Z' })
          : makeProposal({ answerCode: { required: true } }),
      );
    });
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Aceitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar proposta' });
    expect(await within(dialog).findByText(/Enviámos um código de 6 dígitos para/)).toHaveTextContent(
      'm•••@exemplo.pt',
    );
    expect(within(dialog).getByRole('button', { name: /Reenviar código \(\d+ s\)/ })).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: /Código de confirmação/ });

    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    expect(await within(dialog).findByText(MESSAGES.answerCodeRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/accept'))).toHaveLength(0);

    await user.type(field, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    expect(await within(dialog).findByText(MESSAGES.answerCodeWrong)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    expect(await screen.findByText(MESSAGES.acceptSuccess)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/code'))).toHaveLength(1);
  });
});
