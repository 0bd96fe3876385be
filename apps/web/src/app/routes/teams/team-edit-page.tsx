import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useTeam } from '@/features/teams/api/get-team';
import { TeamForm } from '@/features/teams/components/team-form';
import { TeamLoadProblem } from '@/features/teams/components/team-load-problem';
import { ALL_USERS, usersQueryOptions } from '@/features/users/api/get-users';
import { useCan } from '@/lib/authorization';

const TITLE = 'Editar Equipa';
const BACK = { to: paths.teams, label: 'Voltar a Equipas' };

function EditTeam({ id }: { id: string }) {
  const navigate = useNavigate();
  const team = useTeam(id);
  const users = useQuery(usersQueryOptions(ALL_USERS));

  if (team.isPending) return <LoadingState label="A carregar equipa…" />;
  if (team.isError)
    return <TeamLoadProblem error={team.error} onRetry={() => team.refetch()} retrying={team.isFetching} />;
  return (
    <TeamForm
      key={team.data.id}
      team={team.data}
      managers={(users.data?.data ?? []).filter((user) => user.isActive)}
      managersLoading={users.isPending}
      onCancel={() => navigate(paths.teams)}
      onSaved={(saved) => {
        notifications.show({
          closeButtonProps: { 'aria-label': 'Fechar notificação' },
          color: 'green',
          message: `Equipa ${saved.name} atualizada.`,
        });
        navigate(paths.teams);
      }}
    />
  );
}

export function TeamEditPage() {
  const { id = '' } = useParams();
  const canWrite = useCan('team:write');

  if (canWrite === undefined) return <LoadingState />;
  if (!canWrite) return <Navigate to={paths.team(id)} replace />;
  return (
    <>
      <DocumentTitle title={TITLE} />
      <PageHeader title={TITLE} back={BACK} />
      <EditTeam id={id} />
    </>
  );
}
