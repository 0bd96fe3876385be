import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { teamsKeys } from './keys';

/** Deletes an empty team; a team with members is refused with 400 and the spec's message. */
export async function deleteTeam(id: string): Promise<void> {
  await apiClient.delete(`/teams/${encodeURIComponent(id)}`);
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: teamsKeys.detail(id) });
      return refetchAfterWrite(queryClient, teamsKeys.lists());
    },
  });
}
