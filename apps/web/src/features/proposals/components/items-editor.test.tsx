import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

// The editor is a large form; jsdom renders and types into it slowly.
vi.setConfig({ testTimeout: 60_000 });

/** Text matchers see a plain space where pt-PT formatting puts a no-break one. */
const plain = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.click(element);
  await user.clear(element);
  await user.paste(text);
}

function renderEditor() {
  mockApi({ 'GET /clients': () => jsonResponse(200, { data: [] }) });
  return renderWithProviders(
    <ProposalForm initialValues={emptyProposalValues(null)} cancelTo="/proposals" onSaved={vi.fn()} />,
    { route: '/proposals/new' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ItemsEditor: amounts typed the Portuguese way', () => {
  it.each([
    ['1.250,50', '2 501,00 €'],
    ['1250,50', '2 501,00 €'],
    ['1 250,50', '2 501,00 €'],
  ])('reads %s as 1250,50 € and shows it back formatted', async (typed, lineTotal) => {
    const { user } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const item = screen.getByRole('group', { name: 'Item 1' });
    await fill(user, within(item).getByLabelText('Quantidade'), '2');
    const price = within(item).getByLabelText('Preço unitário (€)');
    await fill(user, price, typed);
    await user.tab();

    await waitFor(() => expect(plain(item.textContent)).toContain(lineTotal));
    expect(price).toHaveValue('1\u00a0250,50');
    expect(price).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses an ambiguous amount (12.5) instead of guessing, and says how to write it', async () => {
    const { user } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const item = screen.getByRole('group', { name: 'Item 1' });
    const price = within(item).getByLabelText('Preço unitário (€)');
    await fill(user, price, '12.5');
    await user.tab();

    expect(price).toHaveValue('12.5');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(within(item).getByText(/Valor inválido/)).toBeInTheDocument();
  });
});
