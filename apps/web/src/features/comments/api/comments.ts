import type { Comment } from '@aceite/shared/schemas/collaboration';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { commentKeys } from './keys';

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/comments`;

export interface CommentInput {
  content: string;
  isPrivate: boolean;
}

/** The proposal's comments, private ones included: the team sees them all (docs/product.md#comments). */
export async function getComments(proposalId: string, signal?: AbortSignal): Promise<Comment[]> {
  const { data } = await apiClient.get<Envelope<Comment[]>>(base(proposalId), {
    signal,
    query: { includePrivate: true },
  });
  return data;
}

export const commentsQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: commentKeys.list(proposalId),
    queryFn: ({ signal }) => getComments(proposalId, signal),
  });

export function useComments(proposalId: string) {
  return useQuery(commentsQueryOptions(proposalId));
}

function useRefreshComments(proposalId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: commentKeys.list(proposalId) });
}

export function useCreateComment(proposalId: string) {
  const refresh = useRefreshComments(proposalId);
  return useMutation({
    mutationFn: async (input: CommentInput) =>
      (await apiClient.post<Envelope<Comment>>(base(proposalId), input)).data,
    onSuccess: refresh,
  });
}

/** The author's own comment only (the server refuses anyone else). */
export function useUpdateComment(proposalId: string) {
  const refresh = useRefreshComments(proposalId);
  return useMutation({
    mutationFn: async ({ id, ...input }: CommentInput & { id: string }) =>
      (await apiClient.put<Envelope<Comment>>(`${base(proposalId)}/${encodeURIComponent(id)}`, input)).data,
    onSuccess: refresh,
  });
}

export function useDeleteComment(proposalId: string) {
  const refresh = useRefreshComments(proposalId);
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`${base(proposalId)}/${encodeURIComponent(id)}`);
    },
    onSuccess: refresh,
  });
}
