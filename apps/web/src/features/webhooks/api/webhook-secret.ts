import type { WebhookSecret } from '@aceite/shared/schemas/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { webhookKeys } from './keys';

/** The signing secret, asked for on demand (never kept in the cache). */
export async function getWebhookSecret(id: string): Promise<string> {
  const { data } = await apiClient.get<Envelope<WebhookSecret>>(`/webhooks/${id}/secret`);
  return data.secret;
}

export function useRevealWebhookSecret() {
  return useMutation({ mutationFn: getWebhookSecret });
}

/** "Rodar segredo": the new secret; the old one keeps signing for 24 hours. */
export async function rotateWebhookSecret(id: string): Promise<string> {
  const { data } = await apiClient.post<Envelope<WebhookSecret>>(`/webhooks/${id}/rotate-secret`);
  return data.secret;
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
