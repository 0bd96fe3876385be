import type { Team } from '@aceite/shared/schemas/teams';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { fullName } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useTeams } from '../api/get-teams';
import { RemoveTeamButton } from './remove-team-button';
import { useConfirmDeleteTeam } from './use-confirm-delete-team';

interface TeamsTableProps {
  /** The search text as kept in the URL. */
  search: string;
  onSearchChange: (search: string) => void;
  /**
   * Managers and admins see Edit, Remove and the first-team button (docs/product.md#roles-and-permissions).
   */
  canWrite: boolean;
}

interface TeamActionsProps {
  team: Team;
  canWrite: boolean;
  onDelete: (team: Team) => void;
}

function TeamActions({ team, canWrite, onDelete }: TeamActionsProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={paths.team(team.id)}
        size="xs"
        variant="default"
        leftSection={<IconEye size={14} aria-hidden="true" />}
        aria-label={`Ver ${team.name}`}
      >
        Ver
      </Button>
      {canWrite && (
        <>
          <Button
            component={Link}
            to={paths.teamEdit(team.id)}
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            aria-label={`Editar ${team.name}`}
          >
            Editar
          </Button>
          <RemoveTeamButton
            team={team}
            size="xs"
            variant="subtle"
            onRemove={() => onDelete(team)}
            accessibleName={`Remover ${team.name}`}
          />
        </>
      )}
    </Group>
  );
}

/** The /teams list: search by name; name, description, manager, member count; View/Edit/Remove. */
export function TeamsTable({ search, onSearchChange, canWrite }: TeamsTableProps) {
  const debouncedSearch = useDebouncedSearch(search);
  const teams = useTeams({ search: debouncedSearch || undefined });
  const deleteTeam = useConfirmDeleteTeam();
  const isMobile = useIsMobile();

  const actions = (team: Team) => (
    <TeamActions team={team} canWrite={canWrite} onDelete={deleteTeam.confirm} />
  );
  const columns: ListColumn<Team>[] = [
    {
      header: 'Nome',
      cell: (team) => (
        <Text size="sm" fw={600}>
          {team.name}
        </Text>
      ),
    },
    {
      header: 'Descrição',
      maxWidth: 320,
      cell: (team) =>
        team.description ? (
          <Text size="sm" lineClamp={2}>
            {team.description}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      header: 'Gestor',
      cell: (team) =>
        team.manager ? (
          <Text size="sm">{fullName(team.manager)}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            Sem gestor
          </Text>
        ),
    },
    { header: 'Membros', align: 'right', cell: (team) => <Text size="sm">{team.memberCount}</Text> },
    { header: 'Ações', hideHeader: true, cell: actions },
  ];

  return (
    <Stack gap="md">
      <SearchInput
        label="Procurar equipas"
        placeholder="Nome da equipa"
        value={search}
        onChange={onSearchChange}
        searching={teams.isFetching && !teams.isPending}
        maw={{ sm: 360 }}
      />
      <ListStates
        query={teams}
        rows={teams.data?.data}
        loadingLabel="A carregar equipas…"
        errorTitle="Erro ao carregar equipas"
        isFiltered={debouncedSearch !== ''}
        filtered={{ title: 'Nenhuma equipa encontrada', description: 'Experimente procurar por outro nome.' }}
        empty={{
          icon: <IconUsersGroup size={28} aria-hidden="true" />,
          title: 'Ainda não há equipas',
          description: 'Organize os utilizadores em equipas para acompanhar o desempenho de cada uma.',
          actions: canWrite && (
            <Button
              component={Link}
              to={paths.teamNew}
              leftSection={<IconPlus size={16} aria-hidden="true" />}
            >
              Criar a primeira equipa
            </Button>
          ),
        }}
      >
        {(rows) => (
          <ResponsiveList
            rows={rows}
            rowKey={(team) => team.id}
            columns={columns}
            card={(team) => (
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {team.name}
                </Text>
                {team.description && (
                  <Text size="sm" lineClamp={2}>
                    {team.description}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {team.manager ? `Gestor: ${fullName(team.manager)}` : 'Sem gestor'} ·{' '}
                  {team.memberCount === 1 ? '1 membro' : `${team.memberCount} membros`}
                </Text>
                {actions(team)}
              </Stack>
            )}
            label="Equipas"
            tableLabel="Tabela de equipas"
            minWidth={720}
            isMobile={isMobile}
          />
        )}
      </ListStates>
    </Stack>
  );
}
