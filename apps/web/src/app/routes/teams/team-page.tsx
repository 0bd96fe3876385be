import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useTeam } from '@/features/teams/api/get-team';
import { RemoveTeamButton } from '@/features/teams/components/remove-team-button';
import { TeamDetail } from '@/features/teams/components/team-detail';
import { TeamLoadProblem } from '@/features/teams/components/team-load-problem';
import { useConfirmDeleteTeam } from '@/features/teams/components/use-confirm-delete-team';
import { ALL_USERS, usersQueryOptions } from '@/features/users/api/get-users';
import { usersKeys } from '@/features/users/api/keys';
import { useCan } from '@/lib/authorization';

const BACK = { to: paths.teams, label: 'Voltar a Equipas' };

export function TeamPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = useCan('team:write') === true;
  const canEditUsers = useCan('user:manage') === true;
  const team = useTeam(id);
  const users = useQuery({ ...usersQueryOptions(ALL_USERS), enabled: canWrite });
  const deleteTeam = useConfirmDeleteTeam({ onDeleted: () => navigate(paths.teams) });

  if (team.isPending) {
    return (
      <>
        <DocumentTitle title="Equipa" />
        <PageHeader title="Equipa" back={BACK} />
        <LoadingState label="A carregar equipa…" />
      </>
    );
  }
  if (team.isError) {
    return (
      <>
        <DocumentTitle title="Equipa" />
        <PageHeader title="Equipa" back={BACK} />
        <TeamLoadProblem error={team.error} onRetry={() => team.refetch()} retrying={team.isFetching} />
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={team.data.name} />
      <PageHeader
        title={team.data.name}
        back={BACK}
        actions={
          canWrite && (
            <>
              <Button
                component={Link}
                to={paths.teamEdit(team.data.id)}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden="true" />}
              >
                Editar
              </Button>
              <RemoveTeamButton
                team={team.data}
                variant="light"
                onRemove={() => deleteTeam.confirm(team.data)}
              />
            </>
          )
        }
      />
      <TeamDetail
        team={team.data}
        candidates={(users.data?.data ?? []).filter((user) => user.isActive)}
        candidatesLoading={users.isPending}
        canWrite={canWrite}
        canEditUsers={canEditUsers}
        // The users list shows each member's team.
        onMembersChanged={() => queryClient.invalidateQueries({ queryKey: usersKeys.all })}
      />
    </>
  );
}
