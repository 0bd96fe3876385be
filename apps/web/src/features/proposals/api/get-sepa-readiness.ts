import type { SepaReadiness } from '@aceite/shared/schemas/sepa-settings';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalLookupKeys } from './keys';

/**
 * Whether a proposal can collect by SEPA Direct Debit (every member; docs/product.md#the-schedule-in-the-proposal):
 * the plan includes it, the creditor is saved, and the creditor's default pattern.
 */
export async function getSepaReadiness(signal?: AbortSignal): Promise<SepaReadiness> {
  const { data } = await apiClient.get<Envelope<SepaReadiness>>('/settings/payments/readiness', { signal });
  return data;
}

export function useSepaReadiness() {
  return useQuery({
    queryKey: proposalLookupKeys.sepaReadiness(),
    queryFn: ({ signal }) => getSepaReadiness(signal),
  });
}
