import type { PaymentSettings } from '@aceite/shared/schemas/sepa-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** The SEPA Direct Debit creditor and whether the plan includes it (admins only; docs/product.md#sepa-direct-debit). */
export async function getPaymentSettings(signal?: AbortSignal): Promise<PaymentSettings> {
  const { data } = await apiClient.get<Envelope<PaymentSettings>>('/settings/payments', { signal });
  return data;
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.payments(), queryFn: ({ signal }) => getPaymentSettings(signal) });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
