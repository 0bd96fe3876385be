import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** Retrying cannot fix a request the server refused (4xx); offline and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
    },
    mutations: {
      retry: false,
    },
  },
});

/**
 * Refetches the queries under `queryKey` after a write. A read already in flight may have been answered before
 * the write committed, and TanStack reuses an in-flight first fetch (a query still showing placeholder data,
 * e.g. a new search) instead of starting another, so the stale answer would stay on screen: cancel such reads
 * first, then invalidate, so every active query fetches after the write.
 */
export async function refetchAfterWrite(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
