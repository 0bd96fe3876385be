import type { Template, TemplateInput } from '@aceite/shared/schemas/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    onSuccess: () => refetchAfterWrite(queryClient, templateKeys.lists()),
  });
}
