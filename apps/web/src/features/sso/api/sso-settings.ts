import type { SsoConnectionInputSchema, SsoSettings } from '@aceite/shared/schemas/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';

/** The connection of Configurações → Segurança (admins; docs/product.md#single-sign-on). */
export const ssoKeys = { settings: () => ['settings', 'sso'] as const };

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoKeys.settings(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<SsoSettings>>('/settings/sso', { signal })).data,
  });
}

export type SsoConnectionInput = z.input<typeof SsoConnectionInputSchema>;

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SsoConnectionInput) =>
      (await apiClient.put<Envelope<SsoSettings>>('/settings/sso', input)).data,
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(), settings),
  });
}

/** Looks up the domain's TXT record (`_aceite-verification.<domain>`). */
export function useVerifySsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) =>
      (
        await apiClient.post<Envelope<SsoSettings>>(
          `/settings/sso/domains/${encodeURIComponent(domain)}/verify`,
          undefined,
        )
      ).data,
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(), settings),
  });
}
