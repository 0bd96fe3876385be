import type { TeamDetail as Team } from '@aceite/shared/schemas/teams';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { type MemberCandidate, TeamDetail } from './team-detail';

const VERA = {
  id: '8b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b03',
  firstName: 'Vera',
  lastName: 'Vieira',
  email: 'vendas@x.pt',
};
const LUIS = {
  id: '8b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b04',
  firstName: 'Luís',
  lastName: 'Lopes',
  email: 'leitor@x.pt',
};
const TEAM: Team = {
  id: '7b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02',
  name: 'Norte',
  description: 'Porto e Braga',
  managerId: null,
  manager: null,
  memberCount: 1,
  createdAt: '2026-11-22T12:00:00.000Z',
  members: [{ ...VERA, role: 'sales', isActive: true }],
};
const CANDIDATES: MemberCandidate[] = [
  { ...VERA, team: { id: TEAM.id, name: 'Norte' } },
  { ...LUIS, team: { id: '9b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b05', name: 'Sul' } },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TeamDetail', { timeout: 20_000 }, () => {
  it('lists the members with their role badge, edit-user link and remove action', () => {
    renderWithOverlays(
      <TeamDetail team={TEAM} candidates={CANDIDATES} candidatesLoading={false} canWrite canEditUsers />,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByText('Vera Vieira')).toBeInTheDocument();
    expect(within(table).getByText('Vendas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar utilizador Vera Vieira' })).toHaveAttribute(
      'href',
      `/users/${VERA.id}/edit`,
    );
    expect(screen.getByRole('button', { name: 'Remover da equipa: Vera Vieira' })).toBeInTheDocument();
    expect(screen.getByText('Sem gestor')).toBeInTheDocument();
  });

  it('shows readers the members only', () => {
    renderWithOverlays(
      <TeamDetail
        team={TEAM}
        candidates={[]}
        candidatesLoading={false}
        canWrite={false}
        canEditUsers={false}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Adicionar Membro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover da equipa/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editar utilizador/ })).not.toBeInTheDocument();
  });

  it('adds a member chosen among non-members; the button waits for a choice', async () => {
    const api = mockApi({
      [`POST /teams/${TEAM.id}/members`]: () =>
        jsonResponse(200, {
          data: {
            ...TEAM,
            memberCount: 2,
            members: [...TEAM.members, { ...LUIS, role: 'viewer', isActive: true }],
          },
        }),
    });
    const onMembersChanged = vi.fn();
    const { user } = renderWithOverlays(
      <TeamDetail
        team={TEAM}
        candidates={CANDIDATES}
        candidatesLoading={false}
        canWrite
        canEditUsers
        onMembersChanged={onMembersChanged}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Adicionar Membro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Membro' });
    const add = within(dialog).getByRole('button', { name: 'Adicionar' });
    expect(add).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: /^Utilizador/ }));
    const list = screen.getByRole('listbox', { name: /^Utilizador/, hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('Luís Lopes');
    expect(options[0]).toHaveTextContent('Atualmente em Sul');
    await user.click(options[0] as HTMLElement);
    expect(add).toBeEnabled();
    await user.click(add);

    await waitFor(() => expect(onMembersChanged).toHaveBeenCalled());
    expect(api.bodiesOf(`POST /teams/${TEAM.id}/members`)).toEqual([{ userId: LUIS.id }]);
  });
});
