import type { TeamDetail } from '@aceite/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { teamsKeys } from './keys';

/** Takes a member out of the team (they stay in the organization, without a team). */
export async function removeTeamMember(teamId: string, userId: string): Promise<TeamDetail> {
  const { data } = await apiClient.delete<Envelope<TeamDetail>>(
    `/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`,
  );
  return data;
}

export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeTeamMember(teamId, userId),
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.detail(teamId), team);
      return refetchAfterWrite(queryClient, teamsKeys.lists());
    },
  });
}
