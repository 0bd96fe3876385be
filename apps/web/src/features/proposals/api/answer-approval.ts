import type { ProposalApproval } from '@aceite/shared/schemas/approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { proposalKeys } from './keys';

/** One step of the approval (docs/product.md#approvals): ask, approve, or return with a comment. */
export type ApprovalStep =
  | { id: string; step: 'request'; note?: string }
  | { id: string; step: 'approve' }
  | { id: string; step: 'return'; comment: string };

export async function answerApproval(input: ApprovalStep): Promise<ProposalApproval> {
  const base = `/proposals/${encodeURIComponent(input.id)}`;
  const request =
    input.step === 'request'
      ? apiClient.post<Envelope<ProposalApproval>>(`${base}/approval-request`, { note: input.note || null })
      : input.step === 'approve'
        ? apiClient.post<Envelope<ProposalApproval>>(`${base}/approve`)
        : apiClient.post<Envelope<ProposalApproval>>(`${base}/return`, { comment: input.comment });
  return (await request).data;
}

/** The status changed: the proposal, its approval, the lists and the counts (the sidebar's queue) reload. */
export function useAnswerApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerApproval,
    onSuccess: (approval, { id }) => {
      queryClient.setQueryData(proposalKeys.approval(id), approval);
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      void refetchAfterWrite(queryClient, proposalKeys.lists());
      void queryClient.invalidateQueries({ queryKey: proposalKeys.stats() });
    },
  });
}
