import type { ResetTokenUserSchema } from '@aceite/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { authKeys } from './keys';

export type ResetTokenUser = z.infer<typeof ResetTokenUserSchema>['user'];

/** Names the account a reset token belongs to; fails with INVALID_TOKEN when it is unknown, used or expired. */
export async function validateResetToken(token: string, signal?: AbortSignal): Promise<ResetTokenUser> {
  const { data } = await apiClient.get<Envelope<{ user: ResetTokenUser }>>(
    `/auth/validate-reset-token/${encodeURIComponent(token)}`,
    { signal },
  );
  return data.user;
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: ({ signal }) => validateResetToken(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useResetTokenUser(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}
