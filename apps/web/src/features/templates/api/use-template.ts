import type { Template } from '@aceite/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { templateKeys } from './keys';

/** Counts one use of a template (`POST /templates/{id}/use`) and answers it with the new count. */
export async function countTemplateUse(id: string): Promise<Template> {
  const { data } = await apiClient.post<Envelope<Template>>(`/templates/${encodeURIComponent(id)}/use`);
  return data;
}

export function useCountTemplateUse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: countTemplateUse,
    onSettled: () => refetchAfterWrite(queryClient, templateKeys.lists()),
  });
}
