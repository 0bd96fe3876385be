import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * The client's personal data as one ZIP (docs/product.md#personal-data), fetched with the session and saved
 * under the server's file name.
 */
export async function exportClient(id: string): Promise<void> {
  const blob = await apiClient.download(`/clients/${encodeURIComponent(id)}/export`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `cliente-${id}.zip`;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the save to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExportClient() {
  return useMutation({ mutationFn: exportClient });
}
