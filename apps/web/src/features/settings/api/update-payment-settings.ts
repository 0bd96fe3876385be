import type { PaymentSettings, SepaCreditorInput } from '@aceite/shared/schemas/sepa-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

export async function updatePaymentSettings(input: SepaCreditorInput): Promise<PaymentSettings> {
  const { data } = await apiClient.put<Envelope<PaymentSettings>>('/settings/payments', input);
  return data;
}

export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.payments(), settings),
  });
}
