import { Badge, Button, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMailPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePlanLimitReason } from '@/api/plan-usage';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { teamsQueryOptions } from '@/features/teams/api/get-teams';
import { usePendingInvites } from '@/features/users/api/get-invites';
import { InviteUserModal } from '@/features/users/components/invite-user-modal';
import { InvitesTable } from '@/features/users/components/invites-table';
import { UsersTable } from '@/features/users/components/users-table';
import { useAuthStore } from '@/lib/auth-store';
import { useCan } from '@/lib/authorization';
import { useListSearchParams } from '@/lib/use-list-search';

type UsersTab = 'utilizadores' | 'convites';

export function UsersPage() {
  const user = useAuthStore((state) => state.user);
  const canManage = useCan('user:manage') === true;
  const [tab, setTab] = useState<UsersTab>('utilizadores');
  const list = useListSearchParams();
  const listProps = {
    search: list.search,
    page: list.page,
    onSearchChange: list.setSearch,
    onPageChange: list.setPage,
    currentUserId: user?.id,
  };
  const [inviteOpened, inviteModal] = useDisclosure(false);
  // The invite form's optional team; loaded once an admin opens it.
  const teams = useQuery({ ...teamsQueryOptions(), enabled: canManage && inviteOpened });
  const invites = usePendingInvites({ enabled: canManage });
  // The plan's users, shown before the admin tries (docs/product.md#plans).
  const limitReason = usePlanLimitReason('users', canManage);
  const teamOptions = (teams.data?.data ?? []).map((team) => ({ value: team.id, label: team.name }));

  return (
    <>
      <DocumentTitle title="Utilizadores" />
      <PageHeader
        title="Utilizadores"
        description="As pessoas da sua organização, as suas funções e equipas."
        actions={
          canManage && (
            <Stack gap={4} align="flex-end">
              <Button
                leftSection={<IconMailPlus size={18} aria-hidden="true" />}
                onClick={inviteModal.open}
                disabled={limitReason !== null}
                aria-describedby={limitReason ? 'users-plan-limit' : undefined}
              >
                Convidar Utilizador
              </Button>
              {limitReason && <PlanLimitNotice id="users-plan-limit" reason={limitReason} />}
            </Stack>
          )
        }
      />
      {canManage ? (
        <Tabs value={tab} onChange={(value) => setTab(value === 'convites' ? 'convites' : 'utilizadores')}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="utilizadores">Utilizadores</Tabs.Tab>
            <Tabs.Tab
              value="convites"
              rightSection={
                invites.data?.length ? (
                  <Badge size="sm" variant="filled" circle aria-label={`${invites.data.length} pendentes`}>
                    {invites.data.length}
                  </Badge>
                ) : null
              }
            >
              Convites Pendentes
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="utilizadores">
            <UsersTable canManage {...listProps} />
          </Tabs.Panel>
          <Tabs.Panel value="convites">
            <InvitesTable />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <UsersTable canManage={false} {...listProps} />
      )}
      {canManage && (
        <InviteUserModal
          opened={inviteOpened}
          onClose={inviteModal.close}
          teams={teamOptions}
          onInvited={(email) => {
            notifications.show({
              closeButtonProps: { 'aria-label': 'Fechar notificação' },
              color: 'green',
              message: `Convite enviado para ${email}.`,
            });
            setTab('convites');
          }}
        />
      )}
    </>
  );
}
