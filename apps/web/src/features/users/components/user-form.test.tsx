import type { Member } from '@aceite/shared/schemas/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { UserForm } from './user-form';

const TEAM_ID = '3b2c7c2e-2f4e-4a53-9d37-1f1f0c4a2b22';
const MEMBER: Member = {
  id: '5b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b99',
  email: 'vera@exemplo.pt',
  firstName: 'Vera',
  lastName: 'Vieira',
  role: 'sales',
  teamId: TEAM_ID,
  team: { id: TEAM_ID, name: 'Norte' },
  isActive: true,
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const PATH = `PUT /users/${MEMBER.id}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserForm', { timeout: 20_000 }, () => {
  it("edits names, role and team; 'Sem equipa' is sent as null", async () => {
    const api = mockApi({
      [PATH]: ({ body }) => jsonResponse(200, { data: { ...MEMBER, ...(body as object) } }),
    });
    const onSaved = vi.fn();
    const { user } = renderWithOverlays(
      <UserForm
        user={MEMBER}
        teams={[{ value: TEAM_ID, label: 'Norte' }]}
        isSelf={false}
        onSaved={onSaved}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole('combobox', { name: /^Equipa/ })).toHaveValue('Norte');
    await user.click(screen.getByRole('combobox', { name: /^Função/ }));
    const roles = screen.getByRole('listbox', { name: /^Função/, hidden: true });
    expect(
      within(roles)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Vendas', 'Gestor', 'Admin', 'Visualizador']);
    await user.click(screen.getByRole('option', { name: 'Visualizador', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: /^Equipa/ }));
    await user.click(await screen.findByRole('option', { name: 'Sem equipa', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.bodiesOf(PATH)).toEqual([
      { firstName: 'Vera', lastName: 'Vieira', role: 'viewer', teamId: null },
    ]);
  });

  it('requires first and last name with the spec message', async () => {
    const api = mockApi({});
    const { user } = renderWithOverlays(
      <UserForm user={MEMBER} teams={[]} isSelf={false} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    await user.clear(screen.getByLabelText(/^Nome/));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Nome, apelido e função são obrigatórios')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('locks the role on the own account and shows a refused save', async () => {
    mockApi({ [PATH]: () => apiError(500, 'INTERNAL_ERROR', 'Ocorreu um erro interno.') });
    const { user } = renderWithOverlays(
      <UserForm user={MEMBER} teams={[]} isSelf onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: /^Função/ })).toBeDisabled();
    expect(screen.getByText('Não pode alterar a sua própria função')).toBeInTheDocument();
    // The team is shown by name even before the team list arrives.
    expect(screen.getByRole('combobox', { name: /^Equipa/ })).toHaveValue('Norte');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ocorreu um erro interno.')).toBeInTheDocument();
  });
});
