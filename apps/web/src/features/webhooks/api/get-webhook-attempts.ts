import type { Paged } from '@aceite/shared/schemas/common';
import type { WebhookAttempt } from '@aceite/shared/schemas/webhooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { webhookKeys } from './keys';

export const WEBHOOK_ATTEMPTS_PAGE_SIZE = 20;

/** One page of an endpoint's delivery log, newest first. */
export function getWebhookAttempts(
  endpointId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<WebhookAttempt>> {
  return apiClient.get<Paged<WebhookAttempt>>(`/webhooks/${endpointId}/attempts`, {
    query: { page, limit: WEBHOOK_ATTEMPTS_PAGE_SIZE },
    signal,
  });
}

export function useWebhookAttempts(endpointId: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.attempts(endpointId, page),
    queryFn: ({ signal }) => getWebhookAttempts(endpointId, page, signal),
    placeholderData: keepPreviousData,
    // A queued test event or replay shows up within seconds: the log looks again while it is open.
    refetchInterval: 3000,
  });
}
