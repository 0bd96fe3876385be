import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

vi.setConfig({ testTimeout: 60_000 });
const USER = buildUser({ role: 'sales' });

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

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
    await user.click(await screen.findByRole('button', { name: /Criar proposta|Guardar/ }));
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
