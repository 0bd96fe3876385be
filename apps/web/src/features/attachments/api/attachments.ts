import type { Attachment } from '@aceite/shared/schemas/collaboration';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { attachmentKeys } from './keys';

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/attachments`;

/**
 * The proposal's attachments. A 404 means the attachments feature is switched off on this server
 * (docs/product.md#errors-on-screens):
 * that is answered as `null`, which the screen shows as an empty, disabled list with its notice.
 */
export async function getAttachments(proposalId: string, signal?: AbortSignal): Promise<Attachment[] | null> {
  try {
    const { data } = await apiClient.get<Envelope<Attachment[]>>(base(proposalId), { signal });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const attachmentsQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: attachmentKeys.list(proposalId),
    queryFn: ({ signal }) => getAttachments(proposalId, signal),
  });

export function useAttachments(proposalId: string) {
  return useQuery(attachmentsQueryOptions(proposalId));
}

export interface UploadInput {
  file: File;
  description: string;
  isVisibleToClient: boolean;
  onProgress?: (fraction: number) => void;
}

/**
 * Multipart upload (fields file, description, isVisibleToClient), reporting progress
 * (docs/product.md#attachments).
 */
export async function uploadAttachment(proposalId: string, input: UploadInput): Promise<Attachment> {
  const form = new FormData();
  // The text fields first: the server reads them before the file's bytes stream in.
  form.append('description', input.description);
  form.append('isVisibleToClient', String(input.isVisibleToClient));
  form.append('file', input.file, input.file.name);
  const { data } = await apiClient.post<Envelope<Attachment>>(base(proposalId), form, {
    onUploadProgress: input.onProgress,
  });
  return data;
}

export function useUploadAttachment(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadAttachment(proposalId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(proposalId) }),
  });
}

export function useDeleteAttachment(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(`${base(proposalId)}/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.list(proposalId) }),
  });
}

/** What a browser tab shows by itself; anything else is saved under its own name. */
const VIEWABLE = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)/;

/**
 * Downloads with the session (the file needs the bearer token) and opens it in a new tab
 * (docs/product.md#attachments); files a tab cannot show (Word, Excel…) are saved under their name instead.
 */
export async function downloadAttachment(proposalId: string, attachment: Attachment): Promise<void> {
  const blob = await apiClient.download(`${base(proposalId)}/${encodeURIComponent(attachment.id)}/download`);
  saveBlob(blob, attachment.fileName, { openInTab: VIEWABLE.test(attachment.mimeType) });
}
