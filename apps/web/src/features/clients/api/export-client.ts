import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/**
 * The client's personal data as one ZIP (docs/product.md#personal-data), fetched with the session and saved
 * under the server's file name.
 */
export async function exportClient(id: string): Promise<void> {
  const blob = await apiClient.download(`/clients/${encodeURIComponent(id)}/export`);
  saveBlob(blob, `cliente-${id}.zip`);
}

export function useExportClient() {
  return useMutation({ mutationFn: exportClient });
}
