import type { Client } from '@aceite/shared/schemas/clients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { proposalLookupKeys } from './keys';

/** How many matches the client picker shows; typing narrows them on the server. */
export const CLIENT_OPTIONS_LIMIT = 20;

/** Clients matching a name, company, email or tax id, for the editor's client picker. */
export async function searchClients(search: string, signal?: AbortSignal): Promise<Client[]> {
  const { data } = await apiClient.get<{ data: Client[] }>('/clients', {
    query: { search: search || undefined, limit: CLIENT_OPTIONS_LIMIT },
    signal,
  });
  return data;
}

export const clientSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: proposalLookupKeys.clientSearch(search),
    queryFn: ({ signal }) => searchClients(search, signal),
  });

export function useClientSearch(search: string) {
  return useQuery({ ...clientSearchQueryOptions(search), placeholderData: keepPreviousData });
}
