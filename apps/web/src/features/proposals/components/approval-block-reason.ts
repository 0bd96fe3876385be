import { MESSAGES } from '@aceite/shared/messages';
import type { ProposalApproval } from '@aceite/shared/schemas/approvals';

// Its own module, apart from the approval panel: the editor's "Guardar e enviar" needs only this sentence, and
// the panel's code stays out of the editor's route budget (docs/performance.md, "Web").

/** Why sending is blocked, in the words the send button's tooltip and the panel use. */
export function approvalBlockReason(approval: ProposalApproval | undefined): string | undefined {
  // A change after sending waits for approval too: sending it again is refused (issue 34).
  return approval?.blocksSending || approval?.reopened ? MESSAGES.approvalRequired : undefined;
}
