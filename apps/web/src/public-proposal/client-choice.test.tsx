import { createHash } from 'node:crypto';
import { canonicalContent } from '@aceite/shared/content-hash';
import { formatMoney } from '@aceite/shared/money';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicProposalApp } from './public-proposal-app';
import { makeProposal, ok, stubFetch, TOKEN } from './test-fixtures';

// The client's choice of optional items and quantities (docs/product.md#client-choice).
const money = (cents: number) => formatMoney(cents).replace(/\s/g, ' ');

function choosing(): PublicProposal {
  const base = makeProposal();
  return makeProposal({
    content: {
      blocks: [],
      items: [
        {
          name: 'Site',
          description: '',
          quantity: 1,
          unit: '',
          unitPrice: 100_000,
          discount: 0,
          tax: null,
          exemption: null,
        },
        {
          name: 'Alojamento',
          description: '',
          quantity: 12,
          unit: 'mês',
          unitPrice: 1_000,
          discount: 0,
          tax: null,
          exemption: null,
          minQuantity: 6,
          maxQuantity: 24,
        },
        {
          name: 'Logótipo',
          description: '',
          quantity: 1,
          unit: '',
          unitPrice: 20_000,
          discount: 0,
          tax: null,
          exemption: null,
          optional: 'unselected',
        },
      ],
    },
    discountValue: 0,
    discountAmount: 0,
    subtotal: 112_000,
    taxAmount: 25_760,
    totalValue: 137_760,
    answerCode: base.answerCode,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the client’s choice on the public page', () => {
  it('toggles an optional item and steps a quantity with live totals, and accepts with the choice', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, init) =>
      url.endsWith('/accept') && init?.method === 'POST' ? ok({ status: 'accepted' }) : ok(choosing()),
    );
    render(<PublicProposalApp publicToken={TOKEN} env="test" />);

    const panel = await screen.findByRole('region', { name: 'Personalize a sua proposta' });
    const total = within(panel).getByTestId('choice-total');
    expect(total).toHaveTextContent(money(137_760));
    expect(screen.getByRole('table')).toHaveTextContent('Opcional, não incluído no total');

    await user.click(within(panel).getByRole('checkbox', { name: 'Incluir Logótipo' }));
    // 100 000 + 12 000 + 20 000 = 132 000 + IVA 30 360.
    expect(total).toHaveTextContent(money(162_360));
    await user.click(within(panel).getByRole('button', { name: 'Aumentar a quantidade de Alojamento' }));
    expect(within(panel).getByRole('spinbutton', { name: 'Quantidade de Alojamento' })).toHaveValue(13);
    expect(total).toHaveTextContent(money(163_590));
    // Typed out of range: not taken (the total stays).
    const qty = within(panel).getByRole('spinbutton', { name: 'Quantidade de Alojamento' });
    await user.clear(qty);
    await user.type(qty, '30');
    expect(total).toHaveTextContent(money(163_590));
    await user.tab();
    expect(qty).toHaveValue(13);

    await user.click(screen.getByRole('button', { name: 'Aceitar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceitar proposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceitar' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/accept'))).toBe(true),
    );
    const accept = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/accept'));
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({
      version: 1,
      // Still the hash of the content as published: the choice travels beside it.
      contentSha256: createHash('sha256').update(canonicalContent(choosing())).digest('hex'),
      choice: {
        items: [
          { index: 0, selected: true, quantity: 1 },
          { index: 1, selected: true, quantity: 13 },
          { index: 2, selected: true, quantity: 1 },
        ],
      },
    });
  });

  it('once accepted shows the configuration the client chose', async () => {
    stubFetch(() =>
      ok({
        ...choosing(),
        status: 'accepted',
        isActionable: false,
        acceptedAt: '2026-03-07T09:00:00.000Z',
        clientChoice: {
          choice: {
            items: [
              { index: 0, selected: true, quantity: 1 },
              { index: 1, selected: true, quantity: 13 },
              { index: 2, selected: false, quantity: 1 },
            ],
          },
          items: [
            { index: 0, name: 'Site', quantity: 1, unit: '', unitPrice: 100_000, discount: 0, tax: null },
            {
              index: 1,
              name: 'Alojamento',
              quantity: 13,
              unit: 'mês',
              unitPrice: 1_000,
              discount: 0,
              tax: null,
            },
          ],
          subtotal: 113_000,
          discountAmount: 0,
          taxAmount: 25_990,
          totalValue: 138_990,
        },
      }),
    );
    render(<PublicProposalApp publicToken={TOKEN} env="test" />);
    expect(await screen.findByRole('heading', { name: 'A sua escolha' })).toBeVisible();
    expect(screen.getByText('Alojamento × 13')).toBeVisible();
    expect(screen.getByText(/Total escolhido/)).toHaveTextContent(money(138_990));
    expect(screen.queryByRole('region', { name: 'Personalize a sua proposta' })).toBeNull();
  });

  it('once accepted, the document itself shows the agreed lines and total, the offer under "Proposta original" (issue 33)', async () => {
    const offer = choosing();
    stubFetch(() =>
      ok({
        ...offer,
        status: 'accepted',
        isActionable: false,
        acceptedAt: '2026-03-07T09:00:00.000Z',
        clientChoice: {
          choice: {
            items: [
              { index: 0, selected: true, quantity: 1 },
              { index: 1, selected: true, quantity: 13 },
              { index: 2, selected: false, quantity: 1 },
            ],
          },
          items: [],
          subtotal: 113_000,
          discountAmount: 0,
          taxAmount: 25_990,
          totalValue: 138_990,
        },
      }),
    );
    render(<PublicProposalApp publicToken={TOKEN} env="test" />);
    const items = await screen.findByRole('region', { name: 'Configuração escolhida' });
    const hero = document.querySelector('.pp-hero-total');
    expect(hero?.querySelector('.pp-hero-total-value')).toHaveTextContent(money(138_990));
    expect(hero).toHaveTextContent(`Proposta original: ${money(offer.totalValue)}`);
    const grand = items.querySelector('.pp-totals-grand');
    expect(grand).toHaveTextContent(money(138_990));
    expect(items).toHaveTextContent('Não escolhidos: Logótipo');
    const original = within(items).getByText(/^Proposta original/);
    expect(original.closest('details')).not.toHaveAttribute('open');
  });

  it('shows no choice panel when there is nothing to choose', async () => {
    stubFetch(() => ok(makeProposal()));
    render(<PublicProposalApp publicToken={TOKEN} env="test" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Personalize a sua proposta' })).toBeNull();
  });
});
