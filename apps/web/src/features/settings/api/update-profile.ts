import type { ProfileInputSchema } from '@aceite/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import type { Profile } from './get-profile';
import { settingsKeys } from './keys';

export type ProfileInput = z.input<typeof ProfileInputSchema>;

export async function updateProfile(input: ProfileInput): Promise<Profile> {
  const { data } = await apiClient.put<Envelope<Profile>>('/settings/profile', input);
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(settingsKeys.profile(), profile),
  });
}
