import type { RegisterInput } from '@aceite/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { register } from '@/lib/auth-store';

/** Creates the account and organization, then signs in through the auth store. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => register(input),
    // Nothing cached for a previous visitor may leak into the new session.
    onMutate: () => queryClient.removeQueries(),
  });
}
