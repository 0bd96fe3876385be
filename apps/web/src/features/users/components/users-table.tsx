import type { Member } from '@aceite/shared/schemas/users';
import {
  Alert,
  Badge,
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
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconPencil,
  IconSearch,
  IconUserCheck,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { LoadingState } from '@/components/loading-state';
import { RoleBadge } from '@/components/role-badge';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUsers } from '../api/get-users';
import { useReactivateUser } from '../api/reactivate-user';
import { useIsMobile } from './use-is-mobile';

const USERS_LOAD_ERROR = 'Erro ao carregar utilizadores';
const DEACTIVATE_ERROR = 'Erro ao desativar utilizador';
const REACTIVATE_ERROR = 'Erro ao reativar utilizador';

interface UsersTableProps {
  /** Admins see the edit and deactivate actions (server-behaviour §3). */
  canManage: boolean;
  /** The signed-in user, who cannot deactivate themself. */
  currentUserId: string | undefined;
}

function StatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Badge variant="light" color="green" tt="none" miw="fit-content">
      Ativo
    </Badge>
  ) : (
    <Badge variant="light" color="gray" c="gray.8" tt="none" miw="fit-content">
      Inativo
    </Badge>
  );
}

function MemberName({ member, isSelf }: { member: Member; isSelf: boolean }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {fullName(member)}
        {isSelf && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            (a sua conta)
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {member.email}
      </Text>
    </div>
  );
}

function TeamName({ member }: { member: Member }) {
  return member.team ? (
    <Text size="sm">{member.team.name}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      Sem equipa
    </Text>
  );
}

interface MemberActionsProps {
  member: Member;
  isSelf: boolean;
  onDeactivate: (member: Member) => void;
  onReactivate: (member: Member) => void;
}

function MemberActions({ member, isSelf, onDeactivate, onReactivate }: MemberActionsProps) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        component={Link}
        to={paths.userEdit(member.id)}
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden="true" />}
        aria-label={`Editar ${fullName(member)}`}
      >
        Editar
      </Button>
      {member.isActive && !isSelf && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconUserOff size={14} aria-hidden="true" />}
          onClick={() => onDeactivate(member)}
          aria-label={`Desativar ${fullName(member)}`}
        >
          Desativar
        </Button>
      )}
      {!member.isActive && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconUserCheck size={14} aria-hidden="true" />}
          onClick={() => onReactivate(member)}
          aria-label={`Reativar ${fullName(member)}`}
        >
          Reativar
        </Button>
      )}
    </Group>
  );
}

/** The 'Utilizadores' tab: a searchable table of the organization's members. */
export function UsersTable({ canManage, currentUserId }: UsersTableProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const users = useUsers({ search: debouncedSearch || undefined, page });
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const isMobile = useIsMobile();

  const confirmDeactivate = (member: Member) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Desativar utilizador',
      children: (
        <Text size="sm">
          Tem a certeza de que quer desativar <strong>{fullName(member)}</strong>? Deixa de poder entrar e as
          sessões abertas terminam; os seus dados ficam guardados.
        </Text>
      ),
      labels: { confirm: 'Desativar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        deactivate.mutate(member.id, {
          onSuccess: () =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'green',
              message: `${fullName(member)} foi desativado.`,
            }),
          onError: (error) =>
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'red',
              message: errorMessage(error, DEACTIVATE_ERROR),
            }),
        }),
    });

  // Reactivating takes nothing away, so it needs no confirmation; the person signs in again.
  const doReactivate = (member: Member) =>
    reactivate.mutate(member.id, {
      onSuccess: () =>
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'green',
          message: `${fullName(member)} foi reativado.`,
        }),
      onError: (error) =>
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'red',
          message: errorMessage(error, REACTIVATE_ERROR),
        }),
    });

  const rows = users.data?.data ?? [];
  const totalPages = users.data?.pagination.totalPages ?? 1;

  let body: ReactNode;
  if (users.isPending) {
    body = <LoadingState label="A carregar utilizadores…" />;
  } else if (users.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} m="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(users.error, USERS_LOAD_ERROR)}</Text>
          <Button size="xs" variant="default" onClick={() => users.refetch()} loading={users.isFetching}>
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        py="xl"
        icon={<IconUsers size={28} aria-hidden="true" />}
        variant="light"
        title={debouncedSearch ? 'Nenhum utilizador encontrado' : 'Ainda não há utilizadores'}
        description={debouncedSearch ? 'Experimente procurar por outro nome ou email.' : undefined}
      />
    );
  } else if (isMobile) {
    // Narrow screens: one card per person instead of a table that would scroll sideways.
    body = (
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Utilizadores">
        {rows.map((member, index) => (
          <Box
            component="li"
            key={member.id}
            p="md"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Stack gap="xs">
              <MemberName member={member} isSelf={member.id === currentUserId} />
              <Group gap="xs">
                <RoleBadge role={member.role} />
                <StatusBadge isActive={member.isActive} />
                <TeamName member={member} />
              </Group>
              {canManage && (
                <MemberActions
                  member={member}
                  isSelf={member.id === currentUserId}
                  onDeactivate={confirmDeactivate}
                  onReactivate={doReactivate}
                />
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={680}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Tabela de utilizadores"
        pos="relative"
      >
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Função</Table.Th>
              <Table.Th>Equipa</Table.Th>
              <Table.Th>Estado</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <MemberName member={member} isSelf={member.id === currentUserId} />
                </Table.Td>
                <Table.Td>
                  <RoleBadge role={member.role} />
                </Table.Td>
                <Table.Td>
                  <TeamName member={member} />
                </Table.Td>
                <Table.Td>
                  <StatusBadge isActive={member.isActive} />
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <MemberActions
                      member={member}
                      isSelf={member.id === currentUserId}
                      onDeactivate={confirmDeactivate}
                      onReactivate={doReactivate}
                    />
                  </Table.Td>
                )}
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
        label="Procurar utilizadores"
        placeholder="Nome ou email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={{ sm: 360 }}
        type="search"
      />
      <Paper withBorder radius="md">
        {body}
      </Paper>
      <ListPagination
        label="Páginas de utilizadores"
        page={page}
        totalPages={totalPages}
        onChange={setPage}
        compact={isMobile}
      />
    </Stack>
  );
}
