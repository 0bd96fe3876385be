import type { ForgotPasswordInputSchema } from '@aceite/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

export type ForgotPasswordInput = z.input<typeof ForgotPasswordInputSchema>;

/** Asks for a reset email; the server answers 200 whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<unknown> {
  return apiClient.post('/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
