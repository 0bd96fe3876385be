import type { Member } from '@aceite/shared/schemas/users';
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconUserCheck, IconUserOff, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActiveBadge } from '@/components/active-badge';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { RoleBadge } from '@/components/role-badge';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useDeactivateUser } from '../api/deactivate-user';
import { useUsers } from '../api/get-users';
import { useReactivateUser } from '../api/reactivate-user';

const DEACTIVATE_ERROR = 'Erro ao desativar utilizador';
const REACTIVATE_ERROR = 'Erro ao reativar utilizador';

interface UsersTableProps {
  /** The search text as kept in the URL. */
  search: string;
  page: number;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
  /** Admins see the edit and deactivate actions (docs/product.md#roles-and-permissions). */
  canManage: boolean;
  /** The signed-in user, who cannot deactivate themself. */
  currentUserId: string | undefined;
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
export function UsersTable({
  search,
  page,
  onSearchChange,
  onPageChange,
  canManage,
  currentUserId,
}: UsersTableProps) {
  const debouncedSearch = useDebouncedSearch(search);
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

  const actions = (member: Member) =>
    canManage && (
      <MemberActions
        member={member}
        isSelf={member.id === currentUserId}
        onDeactivate={confirmDeactivate}
        onReactivate={doReactivate}
      />
    );
  const columns: ListColumn<Member>[] = [
    { header: 'Nome', cell: (member) => <MemberName member={member} isSelf={member.id === currentUserId} /> },
    { header: 'Função', cell: (member) => <RoleBadge role={member.role} /> },
    { header: 'Equipa', cell: (member) => <TeamName member={member} /> },
    { header: 'Estado', cell: (member) => <ActiveBadge isActive={member.isActive} /> },
  ];
  if (canManage) columns.push({ header: 'Ações', hideHeader: true, cell: actions });

  return (
    <Stack gap="md">
      <SearchInput
        label="Procurar utilizadores"
        placeholder="Nome ou email"
        value={search}
        onChange={onSearchChange}
        searching={users.isFetching && !users.isPending}
        maw={{ sm: 360 }}
      />
      <ListStates
        query={users}
        rows={users.data?.data}
        loadingLabel="A carregar utilizadores…"
        errorTitle="Erro ao carregar utilizadores"
        page={page}
        onFirstPage={() => onPageChange(1)}
        isFiltered={debouncedSearch !== ''}
        filtered={{
          title: 'Nenhum utilizador encontrado',
          description: 'Experimente procurar por outro nome ou email.',
        }}
        empty={{ icon: <IconUsers size={28} aria-hidden="true" />, title: 'Ainda não há utilizadores' }}
      >
        {(rows) => (
          <ResponsiveList
            rows={rows}
            rowKey={(member) => member.id}
            columns={columns}
            card={(member) => (
              <Stack gap="xs">
                <MemberName member={member} isSelf={member.id === currentUserId} />
                <Group gap="xs">
                  <RoleBadge role={member.role} />
                  <ActiveBadge isActive={member.isActive} />
                  <TeamName member={member} />
                </Group>
                {actions(member)}
              </Stack>
            )}
            label="Utilizadores"
            tableLabel="Tabela de utilizadores"
            minWidth={680}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Páginas de utilizadores"
        page={page}
        totalPages={users.data?.pagination.totalPages ?? 1}
        onChange={onPageChange}
        compact={isMobile}
      />
    </Stack>
  );
}
