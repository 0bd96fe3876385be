import type { Paged } from '@aceite/shared/schemas/common';
import type {
  ContentBlock,
  CreateContentBlockInput,
  UpdateContentBlockInput,
} from '@aceite/shared/schemas/content-blocks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';

/*
 * The block library's API (docs/product.md#block-library), in the shared API layer (`src/api/`): the proposal
 * and template editors both save and insert blocks, and the Blocos screen manages them; features never import
 * each other (docs/architecture.md, "Where things go").
 */

/** Blocks per page on the Blocos screen and in the insert dialog (docs/product.md#block-library). */
export const CONTENT_BLOCKS_PAGE_SIZE = 20;

export interface ContentBlockListParams {
  search: string;
  page: number;
}

export const contentBlockKeys = {
  all: ['content-blocks'] as const,
  lists: () => [...contentBlockKeys.all, 'list'] as const,
  list: (params: ContentBlockListParams) => [...contentBlockKeys.lists(), params] as const,
};

export function getContentBlocks(
  params: ContentBlockListParams,
  signal?: AbortSignal,
): Promise<Paged<ContentBlock>> {
  return apiClient.get<Paged<ContentBlock>>('/content-blocks', {
    query: { search: params.search || undefined, page: params.page, limit: CONTENT_BLOCKS_PAGE_SIZE },
    signal,
  });
}

export const contentBlocksQueryOptions = (params: ContentBlockListParams) =>
  queryOptions({
    queryKey: contentBlockKeys.list(params),
    queryFn: ({ signal }) => getContentBlocks(params, signal),
    placeholderData: keepPreviousData,
  });

export function useContentBlocks(params: ContentBlockListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...contentBlocksQueryOptions(params), enabled: options.enabled ?? true });
}

export async function createContentBlock(input: CreateContentBlockInput): Promise<ContentBlock> {
  const { data } = await apiClient.post<Envelope<ContentBlock>>('/content-blocks', input);
  return data;
}

export function useCreateContentBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContentBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentBlockKeys.all }),
  });
}

export interface UpdateContentBlockVariables {
  id: string;
  input: UpdateContentBlockInput;
}

export async function updateContentBlock({ id, input }: UpdateContentBlockVariables): Promise<ContentBlock> {
  const { data } = await apiClient.patch<Envelope<ContentBlock>>(
    `/content-blocks/${encodeURIComponent(id)}`,
    input,
  );
  return data;
}

export function useUpdateContentBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContentBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentBlockKeys.all }),
  });
}

export async function deleteContentBlock(id: string): Promise<void> {
  await apiClient.delete(`/content-blocks/${encodeURIComponent(id)}`);
}

export function useDeleteContentBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentBlock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentBlockKeys.all }),
  });
}
