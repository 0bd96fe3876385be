import type { Template } from '@aceite/shared/schemas/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { templateKeys } from './keys';

export async function getTemplate(id: string, signal?: AbortSignal): Promise<Template> {
  const { data } = await apiClient.get<Envelope<Template>>(`/templates/${encodeURIComponent(id)}`, {
    signal,
  });
  return data;
}

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: templateKeys.detail(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
  });

export function useTemplate(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...templateQueryOptions(id), enabled });
}
