import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { syncAuthFromStorage } from '@/lib/auth-store';
import { buildUser, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { SessionExpiredDialog } from './session-expired-dialog';

const USER = buildUser({ role: 'sales', email: 'ana@exemplo.pt' });

/** A form whose save meets an expired session. */
function Editor() {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <TextInput label="Título" />
      <button
        type="button"
        onClick={() =>
          apiClient.post<{ data: { ok: boolean } }>('/clients', {}).then(
            () => setSaved('Guardado'),
            () => setSaved('Não guardado'),
          )
        }
      >
        Guardar
      </button>
      {saved}
    </>
  );
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'old-access');
  localStorage.setItem('refreshToken', 'old-refresh');
  localStorage.setItem('user', JSON.stringify(USER));
  syncAuthFromStorage();
});
afterEach(() => {
  localStorage.clear();
  syncAuthFromStorage();
  vi.unstubAllGlobals();
});

describe('SessionExpiredDialog', () => {
  it('asks to sign in again over the page, keeps what was typed and then finishes the save', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/proposals/new', assign });
    let saves = 0;
    const api = mockApi({
      'POST /clients': () => {
        saves += 1;
        return saves === 1
          ? jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sessão expirada' } })
          : jsonResponse(201, { data: { ok: true } });
      },
      'POST /auth/refresh': () =>
        jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sessão expirada' } }),
      'POST /auth/login': () =>
        jsonResponse(200, { data: { user: USER, accessToken: 'new-access', refreshToken: 'new-refresh' } }),
    });
    const { user } = renderWithOverlays(
      <>
        <SessionExpiredDialog />
        <Editor />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Proposta quase pronta');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const dialog = await screen.findByRole('dialog', { name: 'A sessão expirou' });
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue('ana@exemplo.pt');
    await user.type(within(dialog).getByLabelText(/^Password/), 'segredo123');
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveValue('Proposta quase pronta');
    expect(assign).not.toHaveBeenCalled();
    expect(api.bodiesOf('POST /clients')).toHaveLength(2);
    expect(localStorage.getItem('accessToken')).toBe('new-access');
  });

  it("'Sair' ends the session and goes to the sign-in screen, which will bring the person back", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/proposals/new',
      search: '',
      hash: '',
      assign,
    });
    mockApi({
      'POST /clients': () =>
        jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sessão expirada' } }),
      'POST /auth/refresh': () =>
        jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Sessão expirada' } }),
    });
    const { user } = renderWithOverlays(
      <>
        <SessionExpiredDialog />
        <Editor />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'A sessão expirou' });
    await user.click(within(dialog).getByRole('button', { name: 'Sair' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/login?next=${encodeURIComponent('/proposals/new')}`),
    );
    expect(await screen.findByText('Não guardado')).toBeInTheDocument();
  });
});
