import { ROLE_LABELS, ROLES, type Role } from '@aceite/shared/permissions';
import type { AdminUser } from '@aceite/shared/schemas/admin';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserCheck, IconUserShare, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ActiveBadge } from '@/components/active-badge';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { RoleBadge } from '@/components/role-badge';
import { SearchInput } from '@/components/search-input';
import { errorMessage } from '@/lib/api-client';
import { formatCount, fullName } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDebouncedSearch } from '@/lib/use-list-search';
import { useAdminUsers } from '../api/get-admin-users';
import { canImpersonate } from '../api/impersonate-user';
import { ADMIN_USER_STATUSES, type AdminUserStatus, type AdminUsersParams } from '../api/keys';
import { useReactivateAnyUser } from '../api/reactivate-user';
import { ImpersonateUserModal } from './impersonate-user-modal';

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

function OrganizationName({ user }: { user: AdminUser }) {
  if (user.organization) return <>{user.organization.name}</>;
  // Superadmins are platform accounts (docs/product.md#platform-administration).
  return (
    <Text span size="sm" c="dimmed">
      Plataforma
    </Text>
  );
}

interface RowProps {
  user: AdminUser;
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
  onReactivate: RowProps['onReactivate'];
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
  onImpersonate: RowProps['onImpersonate'];
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

function RowActions({ user, currentUserId, onImpersonate, onReactivate }: RowProps) {
  return (
    <>
      {canImpersonate(user, currentUserId) && <ImpersonateButton user={user} onImpersonate={onImpersonate} />}
      <ReactivateButton user={user} onReactivate={onReactivate} />
    </>
  );
}

function adminUserColumns(actions: Omit<RowProps, 'user'>): ListColumn<AdminUser>[] {
  return [
    {
      header: 'Nome',
      cell: (user) => (
        <Text size="sm" fw={600}>
          {fullName(user)}
          <SelfNote isSelf={user.id === actions.currentUserId} />
        </Text>
      ),
    },
    {
      header: 'Email',
      cell: (user) => <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>,
    },
    { header: 'Organização', cell: (user) => <OrganizationName user={user} /> },
    { header: 'Função', cell: (user) => <RoleBadge role={user.role} /> },
    { header: 'Estado', cell: (user) => <ActiveBadge isActive={user.isActive} /> },
    {
      header: 'Ações',
      hideHeader: true,
      align: 'right',
      cell: (user) => <RowActions user={user} {...actions} />,
    },
  ];
}

function AdminUserCard({ user, ...actions }: RowProps) {
  return (
    <>
      <Text fw={600}>
        {fullName(user)}
        <SelfNote isSelf={user.id === actions.currentUserId} />
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
          <ActiveBadge isActive={user.isActive} />
        </Group>
        <RowActions user={user} {...actions} />
      </Group>
    </>
  );
}

/**
 * Every user of the platform, searched and filtered, 50 per page: a table on wide screens, cards on a phone
 * (docs/product.md#platform-administration). 'Impersonar' asks for confirmation, then switches the session to
 * that user.
 */
export function AdminUsersList({
  params,
  onFiltersChange,
  onPageChange,
  currentUserId,
}: AdminUsersListProps) {
  const isMobile = useIsMobile();
  const debouncedSearch = useDebouncedSearch(params.search);
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

  const actions = { currentUserId, onImpersonate: setTarget, onReactivate };
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
        {result ? (total === 1 ? '1 utilizador' : `${formatCount(total)} utilizadores`) : null}
      </Text>
      <ListStates
        query={query}
        rows={result?.users}
        loadingLabel="A carregar utilizadores…"
        errorTitle="Erro ao carregar utilizadores"
        page={params.page}
        onFirstPage={() => onPageChange(1)}
        isFiltered={isFiltered}
        filtered={{
          title: 'Nenhum utilizador encontrado',
          description: 'Experimente outro nome, email, função ou estado.',
        }}
        empty={{ icon: <IconUsers size={28} aria-hidden="true" />, title: 'Ainda não há utilizadores' }}
      >
        {(users) => (
          <ResponsiveList
            rows={users}
            rowKey={(user) => user.id}
            columns={adminUserColumns(actions)}
            card={(user) => <AdminUserCard user={user} {...actions} />}
            label="Utilizadores"
            tableLabel="Tabela de utilizadores"
            minWidth={820}
            isMobile={isMobile}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação de utilizadores"
        page={params.page}
        totalPages={result?.totalPages ?? 1}
        onChange={onPageChange}
        compact={isMobile}
      />
      <ImpersonateUserModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
