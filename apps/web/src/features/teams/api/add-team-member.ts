import type { TeamDetail } from '@aceite/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { teamsKeys } from './keys';

/** Adds a member, moving them out of any other team (a user is in at most one team). */
export async function addTeamMember(teamId: string, userId: string): Promise<TeamDetail> {
  const { data } = await apiClient.post<Envelope<TeamDetail>>(
    `/teams/${encodeURIComponent(teamId)}/members`,
    { userId },
  );
  return data;
}

export function useAddTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => addTeamMember(teamId, userId),
    onSuccess: async (team) => {
      queryClient.setQueryData(teamsKeys.detail(teamId), team);
      // A list read in flight may predate the write (see refetchAfterWrite); the detail just set is kept.
      await queryClient.cancelQueries({ queryKey: teamsKeys.lists() });
      // The member may have left another team: every count can change.
      return queryClient.invalidateQueries({ queryKey: teamsKeys.all });
    },
  });
}
