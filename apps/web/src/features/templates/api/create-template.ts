import type { Template, TemplateInput } from '@aceite/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planUsageKeys } from '@/api/plan-usage';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { templateKeys } from './keys';

/** Creates one of the organization's templates (admin, manager). */
export async function createTemplate(input: TemplateInput): Promise<Template> {
  const { data } = await apiClient.post<Envelope<Template>>('/templates', input);
  return data;
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => {
      // A template takes a place of the plan (docs/product.md#plans).
      queryClient.invalidateQueries({ queryKey: planUsageKeys.all });
      return refetchAfterWrite(queryClient, templateKeys.lists());
    },
  });
}
