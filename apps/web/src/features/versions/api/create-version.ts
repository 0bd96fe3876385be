import type { Version } from '@aceite/shared/schemas/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { versionKeys } from './keys';

/** Snapshots the proposal as it is now, with the change notes (docs/product.md#versions). */
export async function createVersion(proposalId: string, changeNotes: string): Promise<Version> {
  const { data } = await apiClient.post<Envelope<Version>>(
    `/proposals/${encodeURIComponent(proposalId)}/versions`,
    { changeNotes },
  );
  return data;
}

export function useCreateVersion(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeNotes: string) => createVersion(proposalId, changeNotes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionKeys.list(proposalId) }),
  });
}
