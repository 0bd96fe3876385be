import type { EmailSenderInput, EmailSenderSettings } from '@aceite/shared/schemas/email-sender';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { settingsKeys } from './keys';

/*
 * Configurações → Organização → Remetente dos emails (admins; docs/product.md#white-label): the sender of the
 * organization's emails to clients, its two DNS records and their check.
 */

export async function getEmailSender(signal?: AbortSignal): Promise<EmailSenderSettings> {
  const { data } = await apiClient.get<Envelope<EmailSenderSettings>>('/settings/email-sender', { signal });
  return data;
}

export const emailSenderQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.emailSender(), queryFn: ({ signal }) => getEmailSender(signal) });

export function useEmailSender() {
  return useQuery(emailSenderQueryOptions());
}

export function useSaveEmailSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EmailSenderInput) =>
      (await apiClient.put<Envelope<EmailSenderSettings>>('/settings/email-sender', input)).data,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.emailSender(), settings),
  });
}

/** Looks up both records; a missing one answers 422 naming it. */
export function useVerifyEmailSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<Envelope<EmailSenderSettings>>('/settings/email-sender/verify', undefined)).data,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.emailSender(), settings),
    // A failed check may have un-verified the sender: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailSender() }),
  });
}

export function useRemoveEmailSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiClient.delete('/settings/email-sender');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailSender() }),
  });
}
