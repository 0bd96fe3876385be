import type { ProposalEmailDraft } from '@aceite/shared/schemas/proposal-email';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { proposalKeys } from './keys';

/** The send dialog's starting point: recipient, Reply-To and the organization's subject and message. */
export async function getEmailDraft(id: string, signal?: AbortSignal): Promise<ProposalEmailDraft> {
  const { data } = await apiClient.get<Envelope<ProposalEmailDraft>>(
    `/proposals/${encodeURIComponent(id)}/email-draft`,
    { signal },
  );
  return data;
}

export const emailDraftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: proposalKeys.emailDraft(id),
    queryFn: ({ signal }) => getEmailDraft(id, signal),
    // Always the organization's current defaults when the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

export function useEmailDraft(id: string, enabled: boolean) {
  return useQuery({ ...emailDraftQueryOptions(id), enabled });
}
