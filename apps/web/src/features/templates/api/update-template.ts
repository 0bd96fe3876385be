import type { Template, TemplateInput } from '@aceite/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { templateKeys } from './keys';

export interface UpdateTemplateVariables {
  id: string;
  input: TemplateInput;
}

/** Replaces a template (admin, manager; never a global one). */
export async function updateTemplate({ id, input }: UpdateTemplateVariables): Promise<Template> {
  const { data } = await apiClient.put<Envelope<Template>>(`/templates/${encodeURIComponent(id)}`, input);
  return data;
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: (template) => {
      queryClient.setQueryData(templateKeys.detail(template.id), template);
      return refetchAfterWrite(queryClient, templateKeys.lists());
    },
  });
}
