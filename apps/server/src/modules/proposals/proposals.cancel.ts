// 'Cancelar proposta' (docs/product.md#cancelling-a-proposal); one operation of the proposals service.
import { MESSAGES } from '@aceite/shared/messages';
import { isBeforeSent, isCancellable } from '@aceite/shared/proposal-status';
import type { CancelProposalInput } from '@aceite/shared/schemas/proposal-messages';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { assertCanCancelProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { personOf, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { clientFacingOf } from '@/modules/custom-domains/white-label.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { proposalCancelledEmail } from '@/modules/email/email.templates.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import {
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectUserFullName,
  updateProposalById,
} from './proposals.queries.ts';
import { notFound, recipientOf } from './proposals.service.ts';

/**
 * 'Cancelar proposta' (docs/product.md#cancelling-a-proposal): owner, manager or admin (`canCancelProposal`),
 * with a required reason, from any status the client has not answered. The public link stops working (the page
 * says the proposal is no longer available; decisions and messages answer 409); the client is emailed only
 * when asked (`notifyClient`). Recorded in the audit log, which is the proposal's history.
 */
export async function cancelProposal(
  ctx: TenantContext,
  id: string,
  input: CancelProposalInput,
): Promise<Proposal> {
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  assertCanCancelProposal(ctx, existing.proposal.ownerId);
  await withTx(ctx, async (tx) => {
    const proposal = await selectProposalForUpdate(tx, id);
    if (!proposal) throw notFound();
    if (!isCancellable(proposal.status)) throw new AppError('CONFLICT', MESSAGES.proposalNotCancellable);
    await updateProposalById(tx, id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancellationReason: input.reason,
    });
    let outboxId: string | null = null;
    const client = existing.client;
    // Only a client who has the link is told; a draft never reached anyone.
    const recipient = recipientOf(proposal, client);
    if (input.notifyClient && client && recipient && !isBeforeSent(proposal.status)) {
      const org = await selectOrganizationBranding(tx);
      const senderName = await selectUserFullName(tx, personOf(ctx) ?? proposal.ownerId);
      outboxId = await queueEmail(tx.db, {
        kind: 'proposal_cancelled',
        to: recipient.email,
        replyTo: existing.owner.email,
        fromOrganization: org?.name ?? '',
        organizationId: ctx.organizationId,
        email: proposalCancelledEmail({
          ...brandOf(org),
          // No Aceite line for a white-label organization's client (docs/product.md#white-label).
          whiteLabel: (await clientFacingOf(tx.db, ctx.organizationId, '')).whiteLabel,
          clientName: client.name,
          senderName,
          title: proposal.title,
          reason: input.reason,
        }),
      });
    }
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: personOf(ctx),
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'proposal.cancelled',
      entity: 'proposal',
      entityId: id,
      metadata: { from: proposal.status, reason: input.reason, notifyClient: input.notifyClient, outboxId },
    });
    await enqueueProposalEvent(tx.db, ctx.organizationId, id, 'proposal.cancelled');
  });
  const saved = await selectProposalById(ctx, id);
  if (!saved) throw notFound();
  return toProposalDto(ctx, saved);
}
