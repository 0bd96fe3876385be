import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useListSearchParams } from '@/lib/use-list-search';
import { deferred, jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { TeamsTable } from './teams-table';
import { deleteTeamErrorMessage } from './use-confirm-delete-team';

const TEAM = {
  id: '7b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02',
  name: 'Norte',
  description: 'Porto e Braga',
  managerId: null,
  manager: {
    id: '6b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01',
    firstName: 'Gonçalo',
    lastName: 'Gomes',
    email: 'g@x.pt',
  },
  memberCount: 2,
  createdAt: '2026-11-22T12:00:00.000Z',
};
const EMPTY_TEAM = { ...TEAM, memberCount: 0 };
const page = (data: unknown[]) =>
  jsonResponse(200, { data, pagination: { page: 1, limit: 200, total: data.length, totalPages: 1 } });

/** The table as the teams page binds it: the search in the URL. */
function BoundTeamsTable({ canWrite }: { canWrite: boolean }) {
  const list = useListSearchParams();
  return <TeamsTable search={list.search} onSearchChange={list.setSearch} canWrite={canWrite} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deleteTeamErrorMessage', () => {
  it('uses the spec texts', () => {
    expect(
      deleteTeamErrorMessage(
        new ApiError({ status: 400, code: 'VALIDATION_ERROR', message: 'x', fromServer: true }),
      ),
    ).toBe('Não é possível remover uma equipa com membros. Remova ou transfira os membros primeiro.');
    expect(
      deleteTeamErrorMessage(
        new ApiError({
          status: 403,
          code: 'FORBIDDEN',
          message: 'Não tem permissão para esta ação',
          fromServer: true,
        }),
      ),
    ).toBe('Erro ao remover equipa: Não tem permissão para esta ação');
  });
});

describe('TeamsTable', { timeout: 20_000 }, () => {
  it("shows 'Ainda não há equipas' with 'Criar a primeira equipa' for writers only", async () => {
    mockApi({ 'GET /teams': () => page([]) });
    const { unmount } = renderWithOverlays(<BoundTeamsTable canWrite />);
    expect(await screen.findByText('Ainda não há equipas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar a primeira equipa' })).toHaveAttribute(
      'href',
      '/teams/new',
    );
    unmount();

    renderWithOverlays(<BoundTeamsTable canWrite={false} />);
    expect(await screen.findByText('Ainda não há equipas')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Criar a primeira equipa' })).not.toBeInTheDocument();
  });

  it("searches by name and says 'Nenhuma equipa encontrada'", async () => {
    const api = mockApi({ 'GET /teams': ({ url }) => page(url.searchParams.get('search') ? [] : [TEAM]) });
    const { user, router } = renderWithOverlays(<BoundTeamsTable canWrite />);
    expect(await screen.findByText('Norte')).toBeInTheDocument();
    expect(screen.getByText('Gonçalo Gomes')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Procurar equipas'), 'zzz');
    expect(router.state.location.search).toBe('?search=zzz');
    expect(await screen.findByText('Nenhuma equipa encontrada')).toBeInTheDocument();
    expect(api.queriesOf('GET /teams').at(-1)?.get('search')).toBe('zzz');
  });

  it('hides Edit and Remove from readers', async () => {
    mockApi({ 'GET /teams': () => page([TEAM]) });
    renderWithOverlays(<BoundTeamsTable canWrite={false} />);
    expect(await screen.findByRole('link', { name: 'Ver Norte' })).toHaveAttribute(
      'href',
      `/teams/${TEAM.id}`,
    );
    expect(screen.queryByRole('link', { name: 'Editar Norte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover Norte' })).not.toBeInTheDocument();
  });

  it("offers no 'Remover' that can only fail for a team with members, and says why", async () => {
    const api = mockApi({ 'GET /teams': () => page([TEAM]) });
    const { user } = renderWithOverlays(<BoundTeamsTable canWrite />);
    const remove = await screen.findByRole('button', { name: 'Remover Norte' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Remova ou transfira os membros primeiro.');
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.bodiesOf(`DELETE /teams/${TEAM.id}`)).toHaveLength(0);
  });

  it('asks before removing an empty team and names it once, even when its name starts with Equipa', async () => {
    const empty = { ...TEAM, name: 'Equipa Sul', memberCount: 0 };
    mockApi({
      'GET /teams': () => page([empty]),
      [`DELETE /teams/${TEAM.id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderWithOverlays(<BoundTeamsTable canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Remover Equipa Sul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover equipa' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('«Equipa Sul» foi removida.')).toBeInTheDocument();
    expect(screen.queryByText(/Equipa Equipa/)).not.toBeInTheDocument();
  });

  it('drops a deleted team even when a search read started before the delete answers late', async () => {
    // The search's first read reaches the server before the delete and answers after it, with the team.
    const staleSearch = deferred<Response>();
    let searches = 0;
    mockApi({
      'GET /teams': ({ url }) => {
        if (!url.searchParams.get('search')) return page([EMPTY_TEAM]);
        searches++;
        return searches === 1 ? staleSearch.promise : page([]);
      },
      [`DELETE /teams/${TEAM.id}`]: () => {
        setTimeout(() => staleSearch.resolve(page([EMPTY_TEAM])), 50);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithOverlays(<BoundTeamsTable canWrite />);
    expect(await screen.findByText('Norte')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Procurar equipas'), 'Nor');
    await waitFor(() => expect(searches).toBe(1));
    // The unfiltered rows stay as placeholder while the search loads.
    await user.click(screen.getByRole('button', { name: 'Remover Norte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover equipa' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('«Norte» foi removida.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma equipa encontrada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover Norte' })).not.toBeInTheDocument();
  });
});
