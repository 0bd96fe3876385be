import type { Template } from '@aceite/shared/schemas/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { type TemplateListParams, templateKeys } from './keys';

/** The organization's templates and the global ones (archived left out), global first. */
export async function getTemplates(params: TemplateListParams, signal?: AbortSignal): Promise<Template[]> {
  const { data } = await apiClient.get<Envelope<Template[]>>('/templates', {
    query: { search: params.search, category: params.category },
    signal,
  });
  return data;
}

export const templatesQueryOptions = (params: TemplateListParams) =>
  queryOptions({
    queryKey: templateKeys.list(params),
    queryFn: ({ signal }) => getTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTemplates(params: TemplateListParams) {
  return useQuery(templatesQueryOptions(params));
}
