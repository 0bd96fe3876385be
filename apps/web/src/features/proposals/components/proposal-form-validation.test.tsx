import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

vi.setConfig({ testTimeout: 60_000 });
const USER = buildUser({ role: 'sales' });

const scrollIntoView = vi.fn();
beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
  vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(scrollIntoView);
  mockApi({ 'GET /clients': () => jsonResponse(200, { data: [] }) });
});
afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
  vi.unstubAllGlobals();
  scrollIntoView.mockReset();
  vi.restoreAllMocks();
});

function renderForm() {
  return renderWithProviders(
    <ProposalForm initialValues={emptyProposalValues(USER.id)} cancelTo="/proposals" onSaved={vi.fn()} />,
    { route: '/proposals/new' },
  );
}

describe('ProposalForm validation', () => {
  it('after a refused save, scrolls the first error to the middle of the screen (clear of the save bar) and announces it', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: /^(Criar proposta|Guardar)$/ }));
    const title = screen.getAllByLabelText(/^Título/).find((el) => el.tagName === 'INPUT') as HTMLElement;
    await waitFor(() =>
      expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' })),
    );
    expect(title).toHaveFocus();
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(title);
    expect(screen.getByRole('status')).toHaveTextContent(/campos? por corrigir/);
  });

  it('refuses a percentage discount over 100 as it is typed', async () => {
    const { user } = renderForm();
    const discount = await screen.findByRole('textbox', { name: 'Desconto (%)' });
    await user.clear(discount);
    await user.type(discount, '150');
    expect(discount).toHaveValue('15');
  });
});

describe('ProposalForm item descriptions', () => {
  it('are multi-line, kept as typed with their line breaks', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: /Adicionar item/ }));
    const item = (await screen.findAllByRole('group', { name: /^Item \d+$/ })).at(-1) as HTMLElement;
    const description = within(item).getByRole('textbox', { name: 'Descrição' });
    expect(description.tagName).toBe('TEXTAREA');
    await user.type(description, 'Primeira linha{Enter}Segunda linha');
    expect(description).toHaveValue('Primeira linha\nSegunda linha');
  });
});
