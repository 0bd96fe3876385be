import { MESSAGES } from '@aceite/shared/messages';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { authKeys } from '@/features/auth/api/keys';
import { teamsQueryOptions } from '@/features/teams/api/get-teams';
import { teamsKeys } from '@/features/teams/api/keys';
import { useUser } from '@/features/users/api/get-user';
import { UserForm } from '@/features/users/components/user-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useActor, useCan } from '@/lib/authorization';
import { fullName } from '@/lib/format';

const TITLE = 'Editar Utilizador';
const BACK = { to: paths.users, label: 'Voltar a Utilizadores' };

function EditUser({ id, currentUserId }: { id: string; currentUserId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser(id);
  const teams = useQuery(teamsQueryOptions());

  if (user.isPending) {
    return (
      <>
        <PageHeader title={TITLE} back={BACK} />
        <LoadingState label="A carregar utilizador…" />
      </>
    );
  }
  if (user.isError) {
    // A malformed id in the address (400) is as missing as an unknown one.
    const missing = user.error instanceof ApiError && [400, 404].includes(user.error.status);
    return (
      <>
        <PageHeader title={TITLE} back={BACK} />
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} maw={720}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {missing ? MESSAGES.userNotFound : errorMessage(user.error, 'Erro ao carregar utilizador')}
            </Text>
            {!missing && (
              <Button size="xs" variant="default" onClick={() => user.refetch()} loading={user.isFetching}>
                Tentar novamente
              </Button>
            )}
          </Stack>
        </Alert>
      </>
    );
  }

  const isSelf = user.data.id === currentUserId;
  return (
    <>
      <PageHeader title={TITLE} back={BACK} description={fullName(user.data)} />
      <UserForm
        // A fresh form when another user's data arrives.
        key={user.data.id}
        user={user.data}
        teams={(teams.data?.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
        isSelf={isSelf}
        onCancel={() => navigate(paths.users)}
        onSaved={(saved) => {
          // The team column of both screens and the member counts of teams may have changed.
          void queryClient.invalidateQueries({ queryKey: teamsKeys.all });
          if (isSelf) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
          notifications.show({
            closeButtonProps: { 'aria-label': 'Fechar notificação' },
            color: 'green',
            message: `${fullName(saved)} foi atualizado.`,
          });
          navigate(paths.users);
        }}
      />
    </>
  );
}

export function UserEditPage() {
  const { id = '' } = useParams();
  const actor = useActor();
  const canManage = useCan('user:manage');

  if (!actor || canManage === undefined) return <LoadingState />;
  // Only admins edit users (docs/product.md#roles-and-permissions); everyone else goes back to the list.
  if (!canManage) return <Navigate to={paths.users} replace />;
  return (
    <>
      <DocumentTitle title={TITLE} />
      <EditUser id={id} currentUserId={actor.userId} />
    </>
  );
}
