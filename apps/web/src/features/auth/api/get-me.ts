import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMe } from '@/lib/auth-store';
import { authKeys } from './keys';

/** The signed-in user, reloaded from the server (role or name may have changed since sign-in). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: fetchMe,
    staleTime: 5 * 60_000,
    // fetchMe already signs the visitor out on failure; retrying would only repeat that.
    retry: false,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
