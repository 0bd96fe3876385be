import type { WebhookEndpoint } from '@aceite/shared/schemas/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { webhookKeys } from './keys';

/** The organization's webhook endpoints (admins only, docs/product.md#webhooks). */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { data } = await apiClient.get<Envelope<WebhookEndpoint[]>>('/webhooks', { signal });
  return data;
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
