import type { ChangePasswordInputSchema } from '@aceite/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

/** Checks the current password (400 'A password atual está incorreta'); other sessions are signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiClient.put('/settings/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
