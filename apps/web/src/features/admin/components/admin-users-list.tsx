import { ROLE_LABELS, ROLES, type Role } from '@aceite/shared/permissions';
import type { AdminUser } from '@aceite/shared/schemas/admin';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconRefresh,
  IconSearch,
  IconUserCheck,
  IconUserShare,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { LoadingState } from '@/components/loading-state';
import { RoleBadge } from '@/components/role-badge';
import { SearchInput } from '@/components/search-input';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useAdminUsers } from '../api/get-admin-users';
import { canImpersonate } from '../api/impersonate-user';
import { ADMIN_USER_STATUSES, type AdminUserStatus, type AdminUsersParams } from '../api/keys';
import { useReactivateAnyUser } from '../api/reactivate-user';
import { ImpersonateUserModal } from './impersonate-user-modal';

/** Typing pauses this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

const LOAD_ERROR = 'Erro ao carregar utilizadores';

const STATUS_LABELS: Record<AdminUserStatus, string> = { active: 'Ativo', inactive: 'Inativo' };

const ROLE_FILTER_OPTIONS = [
  { value: '', label: 'Todas as funções' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'Todos os estados' },
  ...ADMIN_USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

export const isRole = (value: string | null): value is Role => ROLES.includes(value as Role);
export const isAdminUserStatus = (value: string | null): value is AdminUserStatus =>
  ADMIN_USER_STATUSES.includes(value as AdminUserStatus);

export type AdminUsersFilterChange = Partial<Omit<AdminUsersParams, 'page'>>;

interface AdminUsersListProps {
  /** The filters as the URL holds them (the search not yet debounced). */
  params: AdminUsersParams;
  onFiltersChange: (change: AdminUsersFilterChange) => void;
  onPageChange: (page: number) => void;
  /** The signed-in superadmin, who cannot impersonate themself. */
  currentUserId: string | undefined;
}

function StatusBadge({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Badge variant="light" color="green" tt="none" miw="fit-content">
      {STATUS_LABELS.active}
    </Badge>
  ) : (
    <Badge variant="light" color="gray" c="gray.8" tt="none" miw="fit-content">
      {STATUS_LABELS.inactive}
    </Badge>
  );
}

function OrganizationName({ user }: { user: AdminUser }) {
  if (user.organization) return <>{user.organization.name}</>;
  // Superadmins are platform accounts (server-behaviour §2).
  return (
    <Text span size="sm" c="dimmed">
      Plataforma
    </Text>
  );
}

interface RowsProps {
  users: AdminUser[];
  currentUserId: string | undefined;
  onImpersonate: (user: AdminUser) => void;
  onReactivate: (user: AdminUser) => void;
}

/** The way back for a deactivated account, an organization's last admin included. */
function ReactivateButton({
  user,
  onReactivate,
}: {
  user: AdminUser;
  onReactivate: RowsProps['onReactivate'];
}) {
  if (user.isActive) return null;
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconUserCheck size={14} aria-hidden="true" />}
      onClick={() => onReactivate(user)}
      aria-label={`Reativar ${fullName(user)}`}
    >
      Reativar
    </Button>
  );
}

function ImpersonateButton({
  user,
  onImpersonate,
}: {
  user: AdminUser;
  onImpersonate: RowsProps['onImpersonate'];
}) {
  return (
    <Button
      size="xs"
      variant="light"
      color="yellow"
      c="dark.9"
      leftSection={<IconUserShare size={14} aria-hidden="true" />}
      onClick={() => onImpersonate(user)}
      aria-label={`Impersonar ${fullName(user)}`}
    >
      Impersonar
    </Button>
  );
}

function SelfNote({ isSelf }: { isSelf: boolean }) {
  if (!isSelf) return null;
  return (
    <Text span size="xs" c="dimmed" fw={400}>
      {' '}
      (a sua conta)
    </Text>
  );
}

function AdminUsersTable({ users, currentUserId, onImpersonate, onReactivate }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Organização</Table.Th>
            <Table.Th>Função</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {fullName(user)}
                  <SelfNote isSelf={user.id === currentUserId} />
                </Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
              <Table.Td>
                <OrganizationName user={user} />
              </Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <StatusBadge isActive={user.isActive} />
              </Table.Td>
              <Table.Td ta="right">
                {canImpersonate(user, currentUserId) && (
                  <ImpersonateButton user={user} onImpersonate={onImpersonate} />
                )}
                <ReactivateButton user={user} onReactivate={onReactivate} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdminUserCards({ users, currentUserId, onImpersonate, onReactivate }: RowsProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Utilizadores">
      {users.map((user) => (
        <li key={user.id}>
          <Card withBorder radius="md" padding="md">
            <Text fw={600}>
              {fullName(user)}
              <SelfNote isSelf={user.id === currentUserId} />
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Text size="sm" c="dimmed">
              <OrganizationName user={user} />
            </Text>
            <Group gap="xs" mt="sm" justify="space-between">
              <Group gap="xs">
                <RoleBadge role={user.role} />
                <StatusBadge isActive={user.isActive} />
              </Group>
              {canImpersonate(user, currentUserId) && (
                <ImpersonateButton user={user} onImpersonate={onImpersonate} />
              )}
              <ReactivateButton user={user} onReactivate={onReactivate} />
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/**
 * Every user of the platform, searched and filtered, 50 per page: a table on wide screens, cards on a phone
 * (spec §2 Admin users). 'Impersonar' asks for confirmation, then switches the session to that user.
 */
export function AdminUsersList({
  params,
  onFiltersChange,
  onPageChange,
  currentUserId,
}: AdminUsersListProps) {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const [debouncedSearch] = useDebouncedValue(params.search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useAdminUsers({ ...params, search: debouncedSearch });
  const [target, setTarget] = useState<AdminUser | null>(null);
  const reactivate = useReactivateAnyUser();
  const onReactivate = (user: AdminUser) =>
    reactivate.mutate(user.id, {
      onSuccess: () =>
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'green',
          message: `${fullName(user)} foi reativado.`,
        }),
      onError: (error) =>
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'red',
          message: errorMessage(error, 'Erro ao reativar utilizador'),
        }),
    });

  const result = query.data;
  const isFiltered = debouncedSearch !== '' || params.role !== null || params.status !== null;

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingState label="A carregar utilizadores…" />;
  } else if (query.isError && !result) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden="true" />}
        title={LOAD_ERROR}
        m="md"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(query.error, 'Verifique a ligação e tente novamente.')}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => query.refetch()}
            loading={query.isFetching}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!result || result.users.length === 0) {
    body = (
      <EmptyState
        py="xl"
        variant="light"
        icon={
          isFiltered ? (
            <IconSearch size={28} aria-hidden="true" />
          ) : (
            <IconUsers size={28} aria-hidden="true" />
          )
        }
        title={isFiltered ? 'Nenhum utilizador encontrado' : 'Ainda não há utilizadores'}
        description={isFiltered ? 'Experimente outro nome, email, função ou estado.' : undefined}
      />
    );
  } else {
    const rows = { users: result.users, currentUserId, onImpersonate: setTarget, onReactivate };
    body = isWide ? <AdminUsersTable {...rows} /> : <AdminUserCards {...rows} />;
  }
  const showCards = !isWide && !!result && result.users.length > 0;
  const total = result?.total ?? 0;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm" maw={{ md: 880 }}>
        <SearchInput
          label="Pesquisar utilizadores"
          placeholder="Nome ou email"
          value={params.search}
          onChange={(search) => onFiltersChange({ search })}
          searching={query.isFetching && !query.isPending}
        />
        <NativeSelect
          label="Função"
          data={ROLE_FILTER_OPTIONS}
          value={params.role ?? ''}
          onChange={(event) => {
            const { value } = event.currentTarget;
            onFiltersChange({ role: isRole(value) ? value : null });
          }}
        />
        <NativeSelect
          label="Estado"
          data={STATUS_FILTER_OPTIONS}
          value={params.status ?? ''}
          onChange={(event) => {
            const { value } = event.currentTarget;
            onFiltersChange({ status: isAdminUserStatus(value) ? value : null });
          }}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" role="status" aria-live="polite" mih="1.5em">
        {result ? (total === 1 ? '1 utilizador' : `${total.toLocaleString('pt-PT')} utilizadores`) : null}
      </Text>
      <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {showCards ? (
          body
        ) : (
          <Paper withBorder radius="lg">
            {body}
          </Paper>
        )}
      </Box>
      <ListPagination
        label="Paginação de utilizadores"
        page={params.page}
        totalPages={result?.totalPages ?? 1}
        onChange={onPageChange}
        compact={!isWide}
      />
      <ImpersonateUserModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
