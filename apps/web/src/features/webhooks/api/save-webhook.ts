import type { WebhookEndpoint, WebhookEndpointInput } from '@aceite/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { webhookKeys } from './keys';

/** Creates an endpoint, or updates one when an id is given. */
export async function saveWebhook(input: {
  id?: string;
  values: WebhookEndpointInput;
}): Promise<WebhookEndpoint> {
  const { data } = input.id
    ? await apiClient.put<Envelope<WebhookEndpoint>>(`/webhooks/${input.id}`, input.values)
    : await apiClient.post<Envelope<WebhookEndpoint>>('/webhooks', input.values);
  return data;
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
