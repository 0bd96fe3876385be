import { MESSAGES } from '@aceite/shared/messages';
import { Notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProposalForm } from './proposal-form';
import { emptyProposalValues } from './proposal-form-values';

// The dialogs' chunk cannot be fetched (the connection dropped after the editor loaded).
vi.mock('./proposal-form-dialogs', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

vi.setConfig({ testTimeout: 60_000 });
const USER = buildUser({ role: 'sales' });

beforeEach(() => {
  localStorage.setItem('accessToken', 'token');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { data: [] })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  syncAuthFromStorage();
});

describe('ProposalForm without its dialogs', () => {
  it('says the dialog could not be opened and keeps what was typed', async () => {
    const { user } = renderWithProviders(
      <>
        <Notifications />
        <ProposalForm initialValues={emptyProposalValues(USER.id)} cancelTo="/proposals" onSaved={() => {}} />
      </>,
      { route: '/proposals/new' },
    );
    const title = screen.getByLabelText(/^Título\W*$/);
    await user.click(title);
    await user.paste('Website novo');

    await user.click(screen.getByRole('button', { name: 'Novo cliente' }));

    expect(await screen.findByText(MESSAGES.dialogLoadError)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Novo cliente' })).toBeNull();
    expect(screen.getByLabelText(/^Título\W*$/)).toHaveValue('Website novo');
  });
});
