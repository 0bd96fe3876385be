import type { Paged } from '@aceite/shared/schemas/common';
import type {
  Collection,
  CollectionStatus,
  CreateExportInput,
  Mandate,
  MandateStatus,
  SepaExport,
} from '@aceite/shared/schemas/sepa-collections';
import type { SepaReturnReason } from '@aceite/shared/sepa/return-reasons';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/*
 * Pagamentos' API (docs/product.md#mandates-collections-and-the-file): the mandates, the collections, the SEPA
 * file. Every answer masks the IBAN; only the downloaded file has it whole.
 */

/** The filters of "Cobranças": status and a date range (`YYYY-MM-DD`, each end included), and the page. */
export interface CollectionFilters {
  status?: CollectionStatus;
  from?: string;
  to?: string;
  page: number;
}

export const paymentsKeys = {
  all: ['payments'] as const,
  collections: (filters: CollectionFilters) => [...paymentsKeys.all, 'collections', filters] as const,
  mandates: (status: MandateStatus | undefined, page: number) =>
    [...paymentsKeys.all, 'mandates', status ?? 'all', page] as const,
  exports: (page: number) => [...paymentsKeys.all, 'exports', page] as const,
};

// Pages of 100 collections (the API's cap for this list is 200): a firm's month of debits fits on one, so a
// date's group is rarely split across pages.
export const COLLECTIONS_PAGE_SIZE = 100;
export const MANDATES_PAGE_SIZE = 50;
export const EXPORTS_PAGE_SIZE = 20;

export const collectionsQueryOptions = (filters: CollectionFilters) =>
  queryOptions({
    queryKey: paymentsKeys.collections(filters),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<Collection>>('/payments/collections', {
        signal,
        query: {
          status: filters.status,
          from: filters.from,
          to: filters.to,
          page: filters.page,
          limit: COLLECTIONS_PAGE_SIZE,
        },
      }),
    // The previous page stays on screen, dimmed, while the next loads (components/list-states.tsx).
    placeholderData: keepPreviousData,
  });

export function useCollections(filters: CollectionFilters) {
  return useQuery(collectionsQueryOptions(filters));
}

export function useMandates(status: MandateStatus | undefined, page: number) {
  return useQuery({
    queryKey: paymentsKeys.mandates(status, page),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<Mandate>>('/payments/mandates', {
        signal,
        query: { status, page, limit: MANDATES_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** "Ficheiros": the SEPA files exported so far, newest first. */
export function useExports(page: number) {
  return useQuery({
    queryKey: paymentsKeys.exports(page),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<SepaExport>>('/payments/exports', {
        signal,
        query: { page, limit: EXPORTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The export's XML, fetched with the session (the route needs the bearer token) and saved. */
export async function downloadExport(
  exported: Pick<SepaExport, 'id' | 'messageId' | 'collectionDate'>,
): Promise<void> {
  const blob = await apiClient.download(`/payments/exports/${encodeURIComponent(exported.id)}/file`);
  // The server's own name for it (sepa-collections.service.ts exportFile).
  saveBlob(blob, `sepa-${exported.collectionDate}-${exported.messageId}.xml`);
}

export const EXPORT_NOT_DOWNLOADED =
  'O ficheiro SEPA foi criado e as cobranças ficaram submetidas, mas não foi possível descarregá-lo.';

/** "Exportar ficheiro SEPA": builds the file for the date (its collections become 'Submetida'), then downloads it. */
export function useExportCollections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateExportInput) => {
      const { data } = await apiClient.post<Envelope<SepaExport>>('/payments/exports', input);
      try {
        await downloadExport(data);
      } catch {
        // The export is made (its collections are submitted): say so, rather than 'not exported'.
        throw new Error(EXPORT_NOT_DOWNLOADED);
      }
      return data;
    },
    // Everything under 'payments': the collections (now submitted) and the "Ficheiros" list (a new file).
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  });
}

export function useSettleCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { id: string; outcome: 'paid' } | { id: string; outcome: 'returned'; reason: SepaReturnReason },
    ) => {
      const path = `/payments/collections/${encodeURIComponent(input.id)}/${input.outcome}`;
      const body = input.outcome === 'returned' ? { reason: input.reason } : undefined;
      return (await apiClient.post<Envelope<Collection>>(path, body)).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  });
}

export function useRevokeMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.post<Envelope<Mandate>>(`/payments/mandates/${encodeURIComponent(id)}/revoke`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.all }),
  });
}
