import { MESSAGES } from '@aceite/shared/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

// IVA per line in the editor (docs/product.md#iva-per-line): the region's rates, the reason at 0 %.
const USER = buildUser({ role: 'sales' });

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

const optionNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent?.replace(/\s/g, ' '));

describe('ProposalForm: IVA per line', () => {
  it("offers the region's rates, asks for the exemption reason at 0 % and shows the table by rate", async () => {
    const api = mockApi(
      { 'GET /clients': () => jsonResponse(200, { data: [] }) },
      {
        otherwise: () =>
          jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Recurso não encontrado' } }),
      },
    );
    const { user } = renderWithProviders(
      <ProposalForm
        initialValues={{ ...emptyProposalValues(USER.id), taxRate: 22 }}
        cancelTo="/proposals"
        onSaved={vi.fn()}
        vatRegion="madeira"
      />,
      { route: '/proposals/new' },
    );
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const item = screen.getByRole('group', { name: 'Item 1' });
    await user.click(within(item).getByLabelText('Preço unitário (€)'));
    await user.paste('100');

    const rate = within(item).getByRole('combobox', { name: 'IVA (%)' });
    expect(rate).toHaveValue('Da proposta (22\u00a0%)');
    await user.click(rate);
    const rates = screen.getByRole('listbox', { name: 'IVA (%)', hidden: true });
    // Madeira: 22, 12 and 5 %, and 0 %; no mainland 6 %.
    expect(optionNames(rates)).toEqual(['Da proposta (22 %)', '22 %', '12 %', '5 %', '0 %']);
    expect(screen.queryByRole('combobox', { name: /Motivo de isenção/ })).toBeNull();
    await user.click(within(rates).getByRole('option', { name: /^0\s%$/, hidden: true }));

    const reason = await within(item).findByRole('combobox', { name: /Motivo de isenção/ });
    await user.click(screen.getByRole('button', { name: 'Criar proposta' }));
    expect(await within(item).findByText(MESSAGES.vatExemptionRequired)).toBeVisible();
    expect(api.bodiesOf('POST /proposals')[0]).toBeUndefined();

    await user.click(reason);
    const reasons = screen.getByRole('listbox', { name: /Motivo de isenção/, hidden: true });
    await user.click(
      within(reasons).getByRole('option', { name: 'M07 – Isento artigo 9.º do CIVA', hidden: true }),
    );
    expect(within(item).queryByText(MESSAGES.vatExemptionRequired)).toBeNull();

    const summary = screen.getByRole('region', { name: 'Resumo financeiro' });
    const table = await within(summary).findByRole('table', { name: 'IVA por taxa' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Taxa', 'Base tributável', 'IVA']);
    expect(table).toHaveTextContent('M07 – Isento artigo 9.º do CIVA');
  });
});
