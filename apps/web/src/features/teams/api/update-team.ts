import type { TeamDetail, TeamInput } from '@aceite/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { teamsKeys } from './keys';

export async function updateTeam(id: string, input: TeamInput): Promise<TeamDetail> {
  const { data } = await apiClient.put<Envelope<TeamDetail>>(`/teams/${encodeURIComponent(id)}`, input);
  return data;
}

export function useUpdateTeam(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => updateTeam(id, input),
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.detail(id), team);
      return refetchAfterWrite(queryClient, teamsKeys.lists());
    },
  });
}
