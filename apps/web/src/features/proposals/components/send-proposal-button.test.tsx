import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { SendProposalButton } from './send-proposal-button';

const ID = '00000000-0000-4000-8000-000000000001';

afterEach(() => vi.unstubAllGlobals());

const READY = {
  id: ID,
  title: 'Website',
  client: { name: 'Rita', email: 'rita@exemplo.pt' },
  totalValue: 123_000,
  validUntil: '2099-06-30',
  content: { blocks: [], items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 100_000 }] },
};
const DRAFT = {
  to: 'rita@exemplo.pt',
  replyTo: 'ana@acme.pt',
  subject: 'Acme: proposta "Website"',
  message: 'Olá Rita,\n\nSegue a proposta.',
};

describe('SendProposalButton', () => {
  it("says 'Proposta sem cliente associado' and sends nothing without a client", async () => {
    const api = mockApi({});
    const { user } = renderWithOverlays(<SendProposalButton proposal={{ ...READY, client: null }} />);
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    expect(await screen.findByText('Proposta sem cliente associado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("asks first, naming the client's email, then sends and tells the recipient", async () => {
    const api = mockApi({
      [`GET /proposals/${ID}/email-draft`]: () => jsonResponse(200, { data: DRAFT }),
      [`POST /proposals/${ID}/send`]: () =>
        jsonResponse(200, { data: { recipient: 'rita@exemplo.pt', status: 'sent' } }),
    });
    const onSent = vi.fn();
    const { user } = renderWithOverlays(<SendProposalButton proposal={READY} onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta por email' });
    expect(within(dialog).getByText('rita@exemplo.pt')).toBeInTheDocument();
    expect(api.bodiesOf(`POST /proposals/${ID}/send`)).toHaveLength(0);
    await user.click(await within(dialog).findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Proposta enviada para rita@exemplo.pt.')).toBeInTheDocument();
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
  });

  it("starts from the organization's subject and message, names the Reply-To, and sends what was edited", async () => {
    const api = mockApi({
      [`GET /proposals/${ID}/email-draft`]: () => jsonResponse(200, { data: DRAFT }),
      [`POST /proposals/${ID}/send`]: () =>
        jsonResponse(200, { data: { recipient: 'rita@exemplo.pt', status: 'sent' } }),
    });
    const { user } = renderWithOverlays(<SendProposalButton proposal={READY} />);
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta por email' });
    const subject = await within(dialog).findByRole('textbox', { name: 'Assunto' });
    expect(subject).toHaveValue('Acme: proposta "Website"');
    expect(within(dialog).getByRole('textbox', { name: 'Mensagem' })).toHaveValue(
      'Olá Rita,\n\nSegue a proposta.',
    );
    expect(within(dialog).getByText(/ana@acme\.pt/)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /Anexar PDF/ })).toBeChecked();
    await user.clear(subject);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('O assunto do email é obrigatório')).toBeInTheDocument();
    await user.type(subject, 'Proposta revista');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST /proposals/${ID}/send`)).toEqual([
        { subject: 'Proposta revista', message: 'Olá Rita,\n\nSegue a proposta.', attachPdf: true },
      ]),
    );
  });

  it('sends without the PDF when "Anexar PDF" is turned off', async () => {
    const api = mockApi({
      [`GET /proposals/${ID}/email-draft`]: () => jsonResponse(200, { data: DRAFT }),
      [`POST /proposals/${ID}/send`]: () =>
        jsonResponse(200, { data: { recipient: 'rita@exemplo.pt', status: 'sent' } }),
    });
    const { user } = renderWithOverlays(<SendProposalButton proposal={READY} />);
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta por email' });
    await user.click(await within(dialog).findByRole('checkbox', { name: /Anexar PDF/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST /proposals/${ID}/send`)).toEqual([
        expect.objectContaining({ attachPdf: false }),
      ]),
    );
  });

  it('asks for confirmation when the proposal has no items, a zero total or no validity date', async () => {
    const api = mockApi({
      [`GET /proposals/${ID}/email-draft`]: () => jsonResponse(200, { data: DRAFT }),
      [`POST /proposals/${ID}/send`]: () =>
        jsonResponse(200, { data: { recipient: 'rita@exemplo.pt', status: 'sent' } }),
    });
    const { user } = renderWithOverlays(
      <SendProposalButton proposal={{ ...READY, totalValue: 0, validUntil: null, content: { items: [] } }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta por email' });
    expect(within(dialog).getByText('A proposta não tem itens.')).toBeInTheDocument();
    expect(within(dialog).getByText(/O total é 0,00\s€\./)).toBeInTheDocument();
    expect(within(dialog).getByText('A proposta não tem data de validade.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Enviar mesmo assim' }));
    await waitFor(() => expect(api.bodiesOf(`POST /proposals/${ID}/send`)).toHaveLength(1));
  });

  it("warns that a copy's title still ends in '(cópia)', offers to rename it, and sends anyway on request", async () => {
    const api = mockApi({
      [`GET /proposals/${ID}/email-draft`]: () =>
        jsonResponse(200, { data: { ...DRAFT, subject: 'Acme: proposta "Website (cópia)"' } }),
      [`POST /proposals/${ID}/send`]: () =>
        jsonResponse(200, { data: { recipient: 'rita@exemplo.pt', status: 'sent' } }),
    });
    const { user } = renderWithOverlays(
      <SendProposalButton proposal={{ ...READY, title: 'Website (cópia)' }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar por email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar proposta por email' });
    expect(
      await within(dialog).findByText(
        /O título ainda termina em «\(cópia\)» e é o assunto do email ao cliente\./,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Mudar o título' })).toHaveAttribute(
      'href',
      `/proposals/${ID}/edit`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar mesmo assim' }));
    await waitFor(() => expect(api.bodiesOf(`POST /proposals/${ID}/send`)).toHaveLength(1));
  });
});
