import type { ClientDetail } from '@aceite/shared/schemas/clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { clientKeys } from './keys';

/** One client with its proposals (the latest 100). */
export async function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  const { data } = await apiClient.get<Envelope<ClientDetail>>(`/clients/${encodeURIComponent(id)}`, {
    signal,
  });
  return data;
}

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
  });

export function useClient(id: string) {
  return useQuery(clientQueryOptions(id));
}
