import type { TeamDetail, TeamInput } from '@aceite/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { teamsKeys } from './keys';

export async function createTeam(input: TeamInput): Promise<TeamDetail> {
  const { data } = await apiClient.post<Envelope<TeamDetail>>('/teams', input);
  return data;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.detail(team.id), team);
      return refetchAfterWrite(queryClient, teamsKeys.lists());
    },
  });
}
