import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planUsageKeys } from '@/api/plan-usage';
import { apiClient } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { templateKeys } from './keys';

/** `DELETE /templates/{id}` archives the template: it leaves the list, proposals made from it stay. */
export async function archiveTemplate(id: string): Promise<void> {
  await apiClient.delete(`/templates/${encodeURIComponent(id)}`);
}

export function useArchiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveTemplate,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(id) });
      queryClient.invalidateQueries({ queryKey: planUsageKeys.all });
      return refetchAfterWrite(queryClient, templateKeys.lists());
    },
  });
}
