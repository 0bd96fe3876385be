import type {
  Collection,
  CollectionStatus,
  CreateExportInput,
  Mandate,
  MandateStatus,
  SepaExport,
} from '@aceite/shared/schemas/sepa-collections';
import type { SepaReturnReason } from '@aceite/shared/sepa/return-reasons';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/*
 * Pagamentos' API (docs/product.md#mandates-collections-and-the-file): the mandates, the collections, the SEPA
 * file. Every answer masks the IBAN; only the downloaded file has it whole.
 */

export const paymentsKeys = {
  all: ['payments'] as const,
  collections: (status?: CollectionStatus) => [...paymentsKeys.all, 'collections', status ?? 'all'] as const,
  mandates: (status?: MandateStatus) => [...paymentsKeys.all, 'mandates', status ?? 'all'] as const,
};

interface Listed<T> {
  data: T[];
}

// One page of 100 collections (the API's cap for this list is 200): a firm's month of debits fits.
const COLLECTIONS_LIMIT = 100;
const MANDATES_LIMIT = 100;

export const collectionsQueryOptions = (status?: CollectionStatus) =>
  queryOptions({
    queryKey: paymentsKeys.collections(status),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Listed<Collection>>('/payments/collections', {
          signal,
          query: { status, limit: COLLECTIONS_LIMIT },
        })
      ).data,
  });

export function useCollections(status?: CollectionStatus) {
  return useQuery(collectionsQueryOptions(status));
}

export function useMandates(status?: MandateStatus) {
  return useQuery({
    queryKey: paymentsKeys.mandates(status),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get<Listed<Mandate>>('/payments/mandates', {
          signal,
          query: { status, limit: MANDATES_LIMIT },
        })
      ).data,
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
