import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { type SettingsTab, SettingsTabs } from './settings-tabs';

const PROFILE = {
  firstName: 'Ana',
  lastName: 'Almeida',
  email: 'admin@aceite.demo',
  locale: 'pt-PT',
  timezone: 'Europe/Lisbon',
};

function Harness({ isAdmin, onProfileSaved }: { isAdmin: boolean; onProfileSaved?: () => void }) {
  const [tab, setTab] = useState<SettingsTab>('perfil');
  return <SettingsTabs tab={tab} onTabChange={setTab} isAdmin={isAdmin} onProfileSaved={onProfileSaved} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SettingsTabs', { timeout: 20_000 }, () => {
  it('offers Organização to admins only', async () => {
    mockApi({ 'GET /settings/profile': () => jsonResponse(200, { data: PROFILE }) });
    const { unmount } = renderWithOverlays(<Harness isAdmin={false} />);
    expect(screen.getByRole('tab', { name: 'Perfil' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alterar Password' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Organização' })).not.toBeInTheDocument();
    unmount();

    renderWithOverlays(<Harness isAdmin />);
    expect(screen.getByRole('tab', { name: 'Organização' })).toBeInTheDocument();
  });

  it('saves the profile, says so with the spec text, and clears the message on changing tab', async () => {
    const api = mockApi({
      'GET /settings/profile': () => jsonResponse(200, { data: PROFILE }),
      'PUT /settings/profile': ({ body }) => jsonResponse(200, { data: { ...PROFILE, ...(body as object) } }),
    });
    const onProfileSaved = vi.fn();
    const { user } = renderWithOverlays(<Harness isAdmin={false} onProfileSaved={onProfileSaved} />);

    const firstName = await screen.findByLabelText(/^Nome/);
    expect(firstName).toHaveValue('Ana');
    expect(screen.getByText('admin@aceite.demo')).toBeInTheDocument();
    await user.clear(firstName);
    await user.type(firstName, 'Ana Maria');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));

    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/profile')).toEqual([
      { firstName: 'Ana Maria', lastName: 'Almeida', locale: 'pt-PT', timezone: 'Europe/Lisbon' },
    ]);
    expect(onProfileSaved).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('tab', { name: 'Alterar Password' }));
    expect(screen.queryByText('Perfil atualizado com sucesso!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Perfil' }));
    expect(screen.queryByText('Perfil atualizado com sucesso!')).not.toBeInTheDocument();
    // The form kept what was typed: only the message went away.
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Ana Maria');
  });

  it("asks for first and last name with 'Nome e apelido são obrigatórios'", async () => {
    const api = mockApi({ 'GET /settings/profile': () => jsonResponse(200, { data: PROFILE }) });
    const { user } = renderWithOverlays(<Harness isAdmin={false} />);
    await user.clear(await screen.findByLabelText(/^Apelido/));
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(await screen.findByText('Nome e apelido são obrigatórios')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/profile')).toEqual([]);
  });

  it('shows the spec messages of the password change and sends current and new password', async () => {
    const api = mockApi({
      'GET /settings/profile': () => jsonResponse(200, { data: PROFILE }),
      'PUT /settings/password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'certa-123'
          ? jsonResponse(200, { data: { ok: true } })
          : apiError(400, 'VALIDATION_ERROR', 'A password atual está incorreta', [
              { field: 'currentPassword', message: 'A password atual está incorreta' },
            ]),
    });
    const { user } = renderWithOverlays(<Harness isAdmin={false} />);
    await user.click(screen.getByRole('tab', { name: 'Alterar Password' }));

    await user.click(screen.getByRole('button', { name: 'Alterar password' }));
    expect(await screen.findAllByText('Todos os campos são obrigatórios')).toHaveLength(3);

    await user.type(screen.getByLabelText(/^Password atual/), 'errada-1');
    await user.type(screen.getByLabelText(/^Nova password/), '12345');
    await user.type(screen.getByLabelText(/^Confirmar nova password/), '123456');
    await user.click(screen.getByRole('button', { name: 'Alterar password' }));
    expect(await screen.findByText('A password deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As passwords não coincidem')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nova password/), '6');
    await user.click(screen.getByRole('button', { name: 'Alterar password' }));
    expect(await screen.findByText('A password atual está incorreta')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Password atual/));
    await user.type(screen.getByLabelText(/^Password atual/), 'certa-123');
    await user.click(screen.getByRole('button', { name: 'Alterar password' }));
    expect(await screen.findByText('Password alterada com sucesso!')).toBeInTheDocument();
    expect(api.bodiesOf('PUT /settings/password').at(-1)).toEqual({
      currentPassword: 'certa-123',
      newPassword: '123456',
    });
    await waitFor(() => expect(screen.getByLabelText(/^Password atual/)).toHaveValue(''));
  });

  it('falls back to the Perfil tab when a non-admin asks for Organização', async () => {
    mockApi({ 'GET /settings/profile': () => jsonResponse(200, { data: PROFILE }) });
    renderWithOverlays(<SettingsTabs tab="organizacao" onTabChange={() => {}} isAdmin={false} />);
    expect(screen.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
  });
});
