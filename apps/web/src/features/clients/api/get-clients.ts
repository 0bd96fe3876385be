import type { Client } from '@aceite/shared/schemas/clients';
import type { Paged } from '@aceite/shared/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type ClientListParams, clientKeys } from './keys';

/** The API pages the clients list at 20. */
export const CLIENTS_PAGE_SIZE = 20;

/** One page of the organization's clients, searched over name, company, email and tax id. */
export function getClients(params: ClientListParams, signal?: AbortSignal): Promise<Paged<Client>> {
  return apiClient.get<Paged<Client>>('/clients', {
    query: { search: params.search, page: params.page, limit: CLIENTS_PAGE_SIZE },
    signal,
  });
}

export const clientsQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => getClients(params, signal),
    // The table keeps showing the previous page while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });

export function useClients(params: ClientListParams) {
  return useQuery(clientsQueryOptions(params));
}
