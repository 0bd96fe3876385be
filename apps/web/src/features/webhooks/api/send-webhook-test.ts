import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { webhookKeys } from './keys';

/** "Enviar evento de teste": queues a webhook.test event for this endpoint. */
export async function sendWebhookTest(id: string): Promise<{ deliveryId: string }> {
  const { data } = await apiClient.post<Envelope<{ deliveryId: string }>>(`/webhooks/${id}/test`);
  return data;
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
