import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithOverlays } from '@/test/render-with-overlays';
import { TeamForm } from './team-form';

const GONCALO = {
  id: '6b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b01',
  firstName: 'Gonçalo',
  lastName: 'Gomes',
  email: 'gestor@aceite.demo',
};

function savedTeam(body: unknown) {
  return jsonResponse(201, {
    data: {
      id: '7b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02',
      managerId: null,
      manager: null,
      memberCount: 0,
      createdAt: '2026-11-22T12:00:00.000Z',
      members: [],
      ...(body as object),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TeamForm', { timeout: 20_000 }, () => {
  it("requires the name with 'O nome da equipa é obrigatório'", async () => {
    const api = mockApi({});
    const { user } = renderWithOverlays(
      <TeamForm managers={[GONCALO]} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Criar equipa' }));
    expect(await screen.findByText('O nome da equipa é obrigatório')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("offers 'Sem gestor' and each user by name and email, and creates the team", async () => {
    const api = mockApi({ 'POST /teams': ({ body }) => savedTeam(body) });
    const onSaved = vi.fn();
    const { user } = renderWithOverlays(
      <TeamForm managers={[GONCALO]} onSaved={onSaved} onCancel={vi.fn()} />,
    );

    const manager = screen.getByRole('combobox', { name: /^Gestor/ });
    expect(manager).toHaveValue('Sem gestor');
    await user.type(screen.getByLabelText(/^Nome/), 'Equipa Norte');
    await user.type(screen.getByLabelText(/^Descrição/), 'Clientes do Porto e Braga');
    await user.click(manager);
    const list = screen.getByRole('listbox', { name: /^Gestor/, hidden: true });
    const option = within(list).getByRole('option', { name: /Gonçalo Gomes/, hidden: true });
    expect(option).toHaveTextContent('gestor@aceite.demo');
    await user.click(option);
    expect(manager).toHaveValue('Gonçalo Gomes (gestor@aceite.demo)');
    await user.click(screen.getByRole('button', { name: 'Criar equipa' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.bodiesOf('POST /teams')).toEqual([
      { name: 'Equipa Norte', description: 'Clientes do Porto e Braga', managerId: GONCALO.id },
    ]);
  });

  it("sends no manager and no description as null when editing with 'Sem gestor'", async () => {
    const team = {
      id: '7b0c7c2e-2f4e-4a53-9d37-1f1f0c4a2b02',
      name: 'Sul',
      description: null,
      managerId: GONCALO.id,
      manager: GONCALO,
      memberCount: 1,
      createdAt: '2026-11-22T12:00:00.000Z',
      members: [],
    };
    const api = mockApi({ [`PUT /teams/${team.id}`]: ({ body }) => savedTeam(body) });
    const onSaved = vi.fn();
    // The current manager is offered even when no longer among the candidates.
    const { user } = renderWithOverlays(
      <TeamForm team={team} managers={[]} onSaved={onSaved} onCancel={vi.fn()} />,
    );
    const manager = screen.getByRole('combobox', { name: /^Gestor/ });
    expect(manager).toHaveValue('Gonçalo Gomes (gestor@aceite.demo)');
    await user.click(manager);
    await user.click(screen.getByRole('option', { name: 'Sem gestor', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.bodiesOf(`PUT /teams/${team.id}`)).toEqual([
      { name: 'Sul', description: null, managerId: null },
    ]);
  });
});
