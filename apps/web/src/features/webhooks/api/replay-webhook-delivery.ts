import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { webhookKeys } from './keys';

/** "Reenviar": the same event again, as a new delivery. */
export async function replayWebhookDelivery(input: {
  endpointId: string;
  deliveryId: string;
}): Promise<{ deliveryId: string }> {
  const { data } = await apiClient.post<Envelope<{ deliveryId: string }>>(
    `/webhooks/${input.endpointId}/deliveries/${input.deliveryId}/replay`,
  );
  return data;
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
