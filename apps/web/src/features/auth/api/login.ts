import type { LoginInput } from '@aceite/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login } from '@/lib/auth-store';

/**
 * Signs in through the auth store; a new session starts with an empty cache. `keepCache` is for signing in
 * again over an open page after the session expired (the screens keep their data; another account reloads).
 */
export function useLogin({ keepCache = false }: { keepCache?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => login(input),
    // Nothing cached for a previous visitor may leak into the new session.
    onMutate: keepCache ? undefined : () => queryClient.removeQueries(),
  });
}
