import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { TeamForm } from '@/features/teams/components/team-form';
import { ALL_USERS, usersQueryOptions } from '@/features/users/api/get-users';
import { useCan } from '@/lib/authorization';

const TITLE = 'Nova Equipa';

export function TeamNewPage() {
  const navigate = useNavigate();
  const canWrite = useCan('team:write');
  const users = useQuery({ ...usersQueryOptions(ALL_USERS), enabled: canWrite === true });

  if (canWrite === undefined) return <LoadingState />;
  if (!canWrite) return <Navigate to={paths.teams} replace />;
  return (
    <>
      <DocumentTitle title={TITLE} />
      <PageHeader title={TITLE} back={{ to: paths.teams, label: 'Voltar a Equipas' }} />
      <TeamForm
        managers={(users.data?.data ?? []).filter((user) => user.isActive)}
        managersLoading={users.isPending}
        onCancel={() => navigate(paths.teams)}
        onSaved={(team) => {
          notifications.show({
            closeButtonProps: { 'aria-label': 'Fechar notificação' },
            color: 'green',
            message: `Equipa ${team.name} criada.`,
          });
          navigate(paths.teams);
        }}
      />
    </>
  );
}
