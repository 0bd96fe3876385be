import type { ChangeRecipientInput, Proposal } from '@aceite/shared/schemas/proposals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** 'Alterar destinatário' of a sent proposal (docs/product.md#recipient). */
export async function changeRecipient(id: string, input: ChangeRecipientInput): Promise<Proposal> {
  const { data } = await apiClient.post<Envelope<Proposal>>(
    `/proposals/${encodeURIComponent(id)}/recipient`,
    input,
  );
  return data;
}

export function useChangeRecipient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeRecipientInput) => changeRecipient(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(proposalKeys.detail(saved.id), saved);
      void refetchAfterWrite(queryClient, proposalKeys.lists());
    },
  });
}
