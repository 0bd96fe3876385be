import type { AdminUpgradeRequest } from '@aceite/shared/schemas/upgrade-requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { adminKeys } from './keys';

/** The pending "Mudar de plano" requests of every organization, newest first (superadmins only). */
export async function getPendingUpgradeRequests(signal?: AbortSignal): Promise<AdminUpgradeRequest[]> {
  const { data } = await apiClient.get<Envelope<{ requests: AdminUpgradeRequest[] }>>(
    '/admin/upgrade-requests',
    { query: { status: 'pending' }, signal },
  );
  return data.requests;
}

export function usePendingUpgradeRequests() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.upgradeRequests(),
      queryFn: ({ signal }) => getPendingUpgradeRequests(signal),
    }),
  );
}

/** "Aplicar" (sets the plan) or "Recusar" a pending request; both audited. */
export async function resolveUpgradeRequest(input: {
  id: string;
  decision: 'apply' | 'dismiss';
}): Promise<AdminUpgradeRequest> {
  const { data } = await apiClient.post<Envelope<AdminUpgradeRequest>>(
    `/admin/upgrade-requests/${encodeURIComponent(input.id)}/${input.decision}`,
  );
  return data;
}

export function useResolveUpgradeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveUpgradeRequest,
    // The list of requests and the organizations' plans both change.
    onSuccess: () => refetchAfterWrite(queryClient, adminKeys.all),
  });
}
