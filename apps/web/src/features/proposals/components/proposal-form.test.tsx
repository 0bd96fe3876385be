import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { computeTotals } from '@aceite/shared/totals';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProposalNewPage } from '@/app/routes/proposals/proposal-new-page';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { type Handler, mockApi } from '@/test/mock-api';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

const USER = buildUser({ role: 'sales' });
// "Título *": the asterisk Mantine adds to required fields, but not "Título do bloco".
const TITLE_LABEL = /^Título\W*$/;

// The editor is a large form; jsdom renders and types into it slowly.
vi.setConfig({ testTimeout: 60_000 });
const CLIENT = {
  id: '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11',
  name: 'Padaria Lusitana',
  company: 'Lusitana Lda',
  email: 'geral@lusitana.pt',
  phone: null,
  taxId: null,
  address: { street: null, city: null, postalCode: null, country: 'Portugal' },
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The API the form talks to: the clients its picker searches, and `save` for the new proposal (else 404). */
function mockFormApi(save?: Handler) {
  return mockApi(
    {
      'GET /clients': () => jsonResponse(200, { data: [CLIENT] }),
      ...(save ? { 'POST /proposals': save } : {}),
    },
    {
      otherwise: () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Recurso não encontrado' } }),
    },
  );
}

function renderForm() {
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <ProposalForm initialValues={emptyProposalValues(USER.id)} cancelTo="/proposals" onSaved={onSaved} />,
    { route: '/proposals/new' },
  );
  return { ...view, onSaved };
}

/** Types a whole value at once (one input event), keeping these tests fast on a busy machine. */
async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.clear(element);
  await user.paste(text);
}

/** The input of a labelled field (Mantine's selects also label their option list). */
function field(label: string | RegExp, container: HTMLElement = document.body) {
  const input = within(container)
    .getAllByLabelText(label)
    .find((element) => element.tagName === 'INPUT' || element.tagName === 'TEXTAREA');
  if (!input) throw new Error(`No input labelled ${label}`);
  return input;
}

/** formatMoney separates the euro sign with a no-break space; text matchers see a plain one. */
const money = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');

function summaryTotal() {
  const summary = screen.getByRole('region', { name: 'Resumo financeiro' });
  const total = within(summary).getByText('Total');
  return total.nextElementSibling?.textContent?.replace(/\u00a0/g, ' ');
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

describe('ProposalForm', () => {
  it("shows 'Título e Cliente são obrigatórios' and sends nothing when they are missing", async () => {
    const api = mockFormApi();
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Criar proposta' }));

    expect((await screen.findAllByText(MESSAGES.proposalRequired)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(TITLE_LABEL)).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodiesOf('POST /proposals')[0]).toBeUndefined();
  });

  it('updates the live summary with exactly what computeTotals gives', async () => {
    mockFormApi();
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const first = screen.getByRole('group', { name: 'Item 1' });
    const second = screen.getByRole('group', { name: 'Item 2' });
    await fill(user, within(first).getByLabelText('Quantidade'), '3');
    await fill(user, within(first).getByLabelText('Preço unitário (€)'), '19,99');
    await fill(user, within(second).getByLabelText('Preço unitário (€)'), '1234,5');
    await fill(
      user,
      within(screen.getByRole('region', { name: 'Desconto e IVA' })).getByLabelText('Desconto (%)'),
      '7,5',
    );
    // The proposal's rate is chosen among the region's (continente: 23, 13, 6 %) and 0 %.
    await user.click(screen.getByRole('combobox', { name: 'Taxa de IVA (%)' }));
    const rates = screen.getByRole('listbox', { name: 'Taxa de IVA (%)', hidden: true });
    await user.click(within(rates).getByRole('option', { name: /^13\s%$/, hidden: true }));

    const expected = computeTotals({
      items: [
        { quantity: 3, unitPrice: 1999 },
        { quantity: 1, unitPrice: 123450 },
      ],
      discountType: 'percentage',
      discountValue: 7.5,
      taxRate: 13,
    });
    await waitFor(() => expect(summaryTotal()).toBe(money(expected.totalValue)));
    const summary = screen.getByRole('region', { name: 'Resumo financeiro' });
    expect(summary).toHaveTextContent(money(expected.subtotal));
    expect(summary).toHaveTextContent(`−${money(expected.discountAmount)}`);
    expect(summary).toHaveTextContent(money(expected.taxAmount));
  });

  it('turns an invalid quantity into 1 when the field is left', async () => {
    mockFormApi();
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const quantity = within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText('Quantidade');

    await user.clear(quantity);
    await user.tab();
    expect(quantity).toHaveValue('1');

    await user.clear(quantity);
    await fill(user, quantity, '0');
    await user.tab();
    expect(quantity).toHaveValue('1');
  });

  it('sends the unit price in cents (euros typed with a comma; 19,99 × 100 rounded to 1999)', async () => {
    const api = mockFormApi(() => jsonResponse(201, { data: { id: 'new-id' } }));
    const { user, onSaved } = renderForm();

    await fill(user, screen.getByLabelText(TITLE_LABEL), 'Website institucional');
    await user.click(field(/^Cliente/));
    await user.click(await screen.findByRole('option', { name: /Padaria Lusitana/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const item = screen.getByRole('group', { name: 'Item 1' });
    await fill(user, within(item).getByLabelText('Nome'), 'Design');
    await fill(user, within(item).getByLabelText('Quantidade'), '2');
    await fill(user, within(item).getByLabelText('Preço unitário (€)'), '19,99');
    await user.click(screen.getByRole('button', { name: 'Criar proposta' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(api.bodiesOf('POST /proposals')[0]).toMatchObject({
      title: 'Website institucional',
      clientId: CLIENT.id,
      status: 'draft',
      taxRate: 23,
      discountType: 'percentage',
      discountValue: 0,
      content: { items: [{ name: 'Design', description: '', quantity: 2, unitPrice: 1999 }], blocks: [] },
    });
    expect(api.bodiesOf('POST /proposals')[0]).not.toHaveProperty('ownerId');
  });

  it("maps the server's field details and shows 'Erro ao guardar proposta'", async () => {
    mockFormApi(() =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: MESSAGES.proposalClientInvalid,
          details: [{ field: 'clientId', message: MESSAGES.proposalClientInvalid }],
        },
      }),
    );
    const { user } = renderForm();
    await fill(user, screen.getByLabelText(TITLE_LABEL), 'Proposta');
    await user.click(field(/^Cliente/));
    await user.click(await screen.findByRole('option', { name: /Padaria Lusitana/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Criar proposta' }));

    expect(await screen.findByText(MESSAGES.proposalSaveError)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.proposalClientInvalid).length).toBeGreaterThan(0);
  });

  it("opens 'Novo cliente' and the catalogue, whose dialogs load after the editor", async () => {
    mockFormApi();
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Novo cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo cliente' });
    expect(within(dialog).getByRole('button', { name: 'Criar cliente' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo cliente' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Do catálogo' }));
    expect(await screen.findByRole('dialog', { name: 'Adicionar do catálogo' })).toBeInTheDocument();
  });

  it('offers approval only to managers and admins', async () => {
    mockFormApi();
    const { user } = renderForm();
    await user.click(field('Estado'));
    expect(await screen.findByRole('option', { name: 'Aprovada', hidden: true })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Em revisão', hidden: true })).not.toHaveAttribute(
      'data-combobox-disabled',
    );
  });
});

describe('ProposalNewPage', () => {
  it('prefills the editor from a template passed in navigation state', async () => {
    mockFormApi();
    const template = {
      name: 'Loja online',
      description: 'Comércio eletrónico chave na mão',
      content: {
        blocks: [
          { id: 'b1', type: 'text', title: 'Âmbito', content: 'Catálogo e pagamentos' },
          { id: 'b2', type: 'list', title: 'Prazos', content: '6 semanas' },
        ],
        items: [
          {
            id: 'i1',
            description: 'Desenvolvimento',
            quantity: 40,
            unit: 'hora',
            unitPrice: 5500,
            discount: 0,
            tax: 23,
          },
        ],
      },
    };
    renderRoutes([{ path: '/proposals/new', element: <ProposalNewPage /> }], {
      route: { pathname: '/proposals/new', state: { template } } as unknown as string,
    });

    expect(await screen.findByLabelText(TITLE_LABEL)).toHaveValue('Loja online');
    const general = screen.getByRole('region', { name: 'Dados gerais' });
    expect(field('Descrição', general)).toHaveValue('Comércio eletrónico chave na mão');
    expect(screen.getByText('A partir do modelo «Loja online».')).toBeInTheDocument();
    const firstBlock = screen.getByRole('group', { name: 'Bloco 1' });
    expect(within(firstBlock).getByLabelText('Título do bloco')).toHaveValue('Âmbito');
    expect(within(screen.getByRole('group', { name: 'Bloco 2' })).getByLabelText('Texto')).toHaveValue(
      '6 semanas',
    );
    const item = screen.getByRole('group', { name: 'Item 1' });
    expect(within(item).getByLabelText('Nome')).toHaveValue('Desenvolvimento');
    expect(within(item).getByLabelText('Quantidade')).toHaveValue('40');
    expect(within(item).getByLabelText('Preço unitário (€)')).toHaveValue('55,00');
    expect(summaryTotal()).toBe(
      money(
        computeTotals({
          items: [{ quantity: 40, unitPrice: 5500 }],
          discountType: 'percentage',
          discountValue: 0,
          taxRate: 23,
        }).totalValue,
      ),
    );
  });
});
