import type { SendResultSchema } from '@aceite/shared/schemas/collaboration';
import type { SendProposalInput } from '@aceite/shared/schemas/proposal-email';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

export type SendResult = z.infer<typeof SendResultSchema>;

/**
 * Emails the proposal's public link to its client (docs/product.md#sending-and-email; the email leaves
 * through the outbox).
 */
export async function sendProposal({
  id,
  ...input
}: SendProposalInput & { id: string }): Promise<SendResult> {
  const { data } = await apiClient.post<Envelope<SendResult>>(
    `/proposals/${encodeURIComponent(id)}/send`,
    input,
  );
  return data;
}

/** After sending, the proposal is reloaded (its status is now sent), with the lists and counts. */
export function useSendProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendProposal,
    onSuccess: (_result, { id }) => {
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
