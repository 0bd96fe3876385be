import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './keys';
import { warnOnFailure } from './warn-on-failure';

/** The unread count is polled every 30 seconds (docs/product.md#limits-and-defaults). */
export const UNREAD_POLL_INTERVAL_MS = 30_000;

const UnreadCountResponse = z.object({ data: z.object({ count: z.number().int().min(0) }) });

export function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return warnOnFailure('contagem de não lidas', async () => {
    const body = await apiClient.get('/notifications/unread-count', { signal });
    return UnreadCountResponse.parse(body).data.count;
  });
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_INTERVAL_MS,
    // Back on the tab, the badge is brought up to date at once, not at the next 30 s tick.
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    // A poll comes again in 30 s; retrying a failed one only adds load.
    retry: false,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
