import type { LoginInput } from '@aceite/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login } from '@/lib/auth-store';

/** Signs in through the auth store; a new session starts with an empty cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => login(input),
    // Nothing cached for a previous visitor may leak into the new session.
    onMutate: () => queryClient.removeQueries(),
  });
}
