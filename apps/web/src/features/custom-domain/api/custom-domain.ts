import type { CustomDomainSettings } from '@aceite/shared/schemas/custom-domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';

/** The custom domain of Configurações → Segurança (admins; docs/product.md#white-label). */
export const customDomainKeys = { settings: () => ['settings', 'custom-domain'] as const };

export function useCustomDomain() {
  return useQuery({
    queryKey: customDomainKeys.settings(),
    queryFn: async ({ signal }) =>
      (await apiClient.get<Envelope<CustomDomainSettings>>('/settings/custom-domain', { signal })).data,
  });
}

export function useSaveCustomDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) =>
      (await apiClient.put<Envelope<CustomDomainSettings>>('/settings/custom-domain', { domain })).data,
    onSuccess: (settings) => queryClient.setQueryData(customDomainKeys.settings(), settings),
  });
}

/** Looks up the domain's TXT record (`_aceite-verification.<domain>`); 422 while it is missing. */
export function useVerifyCustomDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<Envelope<CustomDomainSettings>>('/settings/custom-domain/verify', undefined))
        .data,
    onSuccess: (settings) => queryClient.setQueryData(customDomainKeys.settings(), settings),
  });
}

export function useRemoveCustomDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiClient.delete('/settings/custom-domain');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customDomainKeys.settings() }),
  });
}
