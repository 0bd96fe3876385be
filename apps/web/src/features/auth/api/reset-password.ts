import type { ResetPasswordInputSchema } from '@aceite/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;

export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiClient.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
