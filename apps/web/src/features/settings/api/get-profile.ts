import type { ProfileSchema } from '@aceite/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

export type Profile = z.infer<typeof ProfileSchema>;

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { data } = await apiClient.get<Envelope<Profile>>('/settings/profile', { signal });
  return data;
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
