import type { Team } from '@aceite/shared/schemas/teams';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconEye,
  IconPencil,
  IconPlus,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useTeams } from '../api/get-teams';
import { RemoveTeamButton } from './remove-team-button';
import { useConfirmDeleteTeam } from './use-confirm-delete-team';
import { useIsMobile } from './use-is-mobile';

const TEAMS_LOAD_ERROR = 'Erro ao carregar equipas';

interface TeamsTableProps {
  /** Managers and admins see Edit, Remove and the first-team button (server-behaviour §3). */
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
export function TeamsTable({ canWrite }: TeamsTableProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const teams = useTeams({ search: debouncedSearch || undefined });
  const deleteTeam = useConfirmDeleteTeam();
  const isMobile = useIsMobile();

  let body: ReactNode;
  if (teams.isPending) {
    body = <LoadingState label="A carregar equipas…" />;
  } else if (teams.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} m="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(teams.error, TEAMS_LOAD_ERROR)}</Text>
          <Button size="xs" variant="default" onClick={() => teams.refetch()} loading={teams.isFetching}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (teams.data.data.length === 0) {
    body = debouncedSearch ? (
      <EmptyState
        py="xl"
        icon={<IconSearch size={28} aria-hidden="true" />}
        variant="light"
        title="Nenhuma equipa encontrada"
        description="Experimente procurar por outro nome."
      />
    ) : (
      <EmptyState
        py="xl"
        icon={<IconUsersGroup size={28} aria-hidden="true" />}
        variant="light"
        title="Ainda não há equipas"
        description="Organize os utilizadores em equipas para acompanhar o desempenho de cada uma."
      >
        {canWrite && (
          <EmptyState.Actions>
            <Button
              component={Link}
              to={paths.teamNew}
              leftSection={<IconPlus size={16} aria-hidden="true" />}
            >
              Criar a primeira equipa
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  } else if (isMobile) {
    body = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Equipas">
        {teams.data.data.map((team, index) => (
          <Box
            component="li"
            key={team.id}
            p="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
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
              <TeamActions team={team} canWrite={canWrite} onDelete={deleteTeam.confirm} />
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={720}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Tabela de equipas"
        pos="relative"
      >
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Gestor</Table.Th>
              <Table.Th ta="right">Membros</Table.Th>
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teams.data.data.map((team) => (
              <Table.Tr key={team.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {team.name}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  {team.description ? (
                    <Text size="sm" lineClamp={2}>
                      {team.description}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {team.manager ? (
                    <Text size="sm">{fullName(team.manager)}</Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Sem gestor
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{team.memberCount}</Text>
                </Table.Td>
                <Table.Td>
                  <TeamActions team={team} canWrite={canWrite} onDelete={deleteTeam.confirm} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <TextInput
        label="Procurar equipas"
        placeholder="Nome da equipa"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={{ sm: 360 }}
        type="search"
      />
      <Paper withBorder radius="md">
        {body}
      </Paper>
    </Stack>
  );
}
