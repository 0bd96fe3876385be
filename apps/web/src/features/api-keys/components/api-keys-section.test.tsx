import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { ApiKeysSection } from './api-keys-section';

const KEY = {
  id: '7c1d2a3b-0000-4000-8000-000000000001',
  name: 'CRM',
  prefix: 'ak_AbCd1234',
  scope: 'read' as const,
  createdByName: 'Ana Almeida',
  isActive: true,
  createdAt: '2026-01-10T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
};
const SECRET = `ak_AbCd1234${'x'.repeat(35)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ApiKeysSection', { timeout: 20_000 }, () => {
  it('creates a key, shows it once with a copy button, and sends the chosen access and no expiry', async () => {
    let keys: (typeof KEY)[] = [];
    const api = mockApi({
      'GET /settings/api-keys': () => jsonResponse(200, { data: keys }),
      'POST /settings/api-keys': ({ body }) => {
        const created = { ...KEY, ...(body as { name: string; scope: 'read' }) };
        keys = [created];
        return jsonResponse(201, { data: { apiKey: created, secret: SECRET } });
      },
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<ApiKeysSection onMessage={onMessage} />);
    expect(await screen.findByText('Ainda não há chaves de API.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nova chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova chave de API' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText('Indique um nome para a chave')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Nome/), 'CRM');
    await user.click(within(dialog).getByRole('radio', { name: /Leitura e escrita/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));

    const shown = await screen.findByRole('dialog', { name: 'Chave de API criada' });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copiar chave' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /settings/api-keys')).toEqual([
      { name: 'CRM', scope: 'write', expiresAt: null },
    ]);
    expect(onMessage).toHaveBeenCalledWith({ type: 'success', text: 'A chave «CRM» foi criada.' });

    await user.click(within(shown).getByRole('button', { name: 'Concluído' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(await screen.findByText('ak_AbCd1234…')).toBeInTheDocument();
  });

  it('revokes a key only after the confirmation', async () => {
    const api = mockApi({
      'GET /settings/api-keys': () => jsonResponse(200, { data: [KEY] }),
      [`DELETE /settings/api-keys/${KEY.id}`]: () => jsonResponse(200, { data: { ok: true } }),
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<ApiKeysSection onMessage={onMessage} />);
    await user.click(await screen.findByRole('button', { name: 'Revogar a chave CRM' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revogar chave de API' });
    expect(api.bodiesOf(`DELETE /settings/api-keys/${KEY.id}`)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ type: 'success', text: 'A chave «CRM» foi revogada.' }),
    );
    expect(api.bodiesOf(`DELETE /settings/api-keys/${KEY.id}`)).toHaveLength(1);
  });

  it('says a key is inactive once its creator is no longer an admin, and transfers it to an active admin (issue 34)', async () => {
    const member = (id: string, firstName: string, role: string, isActive = true) => ({
      id,
      email: `${firstName.toLowerCase()}@x.pt`,
      firstName,
      lastName: 'Silva',
      role,
      teamId: null,
      team: null,
      isActive,
      lastLoginAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const BEA = '7c1d2a3b-0000-4000-8000-0000000000b1';
    let keys = [{ ...KEY, isActive: false }];
    const api = mockApi({
      'GET /settings/api-keys': () => jsonResponse(200, { data: keys }),
      'GET /users': () =>
        jsonResponse(200, {
          data: [
            member(BEA, 'Beatriz', 'admin'),
            member('7c1d2a3b-0000-4000-8000-0000000000c1', 'Carlos', 'manager'),
            member('7c1d2a3b-0000-4000-8000-0000000000d1', 'Dora', 'admin', false),
          ],
          pagination: { page: 1, limit: 200, total: 3, totalPages: 1 },
        }),
      [`POST /settings/api-keys/${KEY.id}/transfer`]: () => {
        keys = [{ ...KEY, createdByName: 'Beatriz Silva', isActive: true }];
        return jsonResponse(200, { data: keys[0] });
      },
    });
    const onMessage = vi.fn();
    const { user } = renderWithOverlays(<ApiKeysSection onMessage={onMessage} />);
    expect(await screen.findByText('Inativa: o criador já não é administrador')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Transferir a chave CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transferir chave de API' });
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(
      await within(dialog).findByText('Escolha o administrador que fica com a chave'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Novo responsável'));
    await user.click(await screen.findByRole('option', { name: /Beatriz Silva/, hidden: true }));
    expect(screen.queryByRole('option', { name: /Carlos/, hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Dora/, hidden: true })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Transferir' }));

    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({
        type: 'success',
        text: 'A chave «CRM» foi transferida para Beatriz Silva.',
      }),
    );
    expect(api.bodiesOf(`POST /settings/api-keys/${KEY.id}/transfer`)).toEqual([{ userId: BEA }]);
    await waitFor(() =>
      expect(screen.queryByText('Inativa: o criador já não é administrador')).not.toBeInTheDocument(),
    );
  });
});
