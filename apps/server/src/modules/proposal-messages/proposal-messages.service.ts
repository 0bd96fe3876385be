import { MESSAGES } from '@aceite/shared/messages';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import type { AnswerClientMessageInput, ProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import { assertCanAnswerClientMessage } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { clientFacingOf } from '@/modules/custom-domains/white-label.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { clientMessageAnswerEmail } from '@/modules/email/email.templates.ts';
import {
  insertAnswer,
  type ProposalMessageRow,
  selectMemberName,
  selectMessageProposal,
  selectMessages,
} from './proposal-messages.queries.ts';

/*
 * The team's side of the conversation with the client (docs/product.md#client-questions-and-change-requests):
 * the client writes from the public page (modules/public-proposals), the team reads and answers here.
 */

function toDto(row: ProposalMessageRow): ProposalMessage {
  return {
    id: row.id,
    kind: row.kind,
    authorName: row.authorName,
    authorEmail: row.authorEmail,
    userId: row.userId,
    message: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

async function proposalOf(ctx: TenantContext, proposalId: string) {
  const row = await selectMessageProposal(ctx, proposalId);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return row;
}

/** Every member who can open the proposal reads its conversation, oldest first. */
export async function listMessages(ctx: TenantContext, proposalId: string): Promise<ProposalMessage[]> {
  await proposalOf(ctx, proposalId);
  return (await selectMessages(ctx, proposalId)).map(toDto);
}

/**
 * Whoever manages the proposal answers (`canAnswerClientMessage`); the answer joins the public page's
 * conversation and is emailed to the client with the link (when the client has an email). A cancelled
 * proposal's link no longer works, so it takes no answer (409).
 */
export async function answerMessage(
  ctx: TenantContext,
  appUrl: string,
  proposalId: string,
  input: AnswerClientMessageInput,
): Promise<ProposalMessage> {
  const p = await proposalOf(ctx, proposalId);
  assertCanAnswerClientMessage(ctx, p.ownerId);
  if (isClosedToClient(p)) throw new AppError('CONFLICT', MESSAGES.proposalUnavailable);
  const brand = brandOf({ name: p.organizationName, branding: p.branding });
  const authorName = (await selectMemberName(ctx)) ?? brand.organizationName;
  // A white-label organization's client gets the link on its domain, without the Aceite line.
  const facing = await clientFacingOf(ctx.db, ctx.organizationId, appUrl);
  const row = await withTx(ctx, async (tx) => {
    const saved = await insertAnswer(tx, { proposalId, authorName, body: input.message });
    let outboxId: string | null = null;
    if (p.clientEmail) {
      outboxId = await queueEmail(tx.db, {
        kind: 'client_message_answer',
        to: p.clientEmail,
        fromOrganization: brand.organizationName,
        organizationId: ctx.organizationId,
        email: clientMessageAnswerEmail({
          ...brand,
          whiteLabel: facing.whiteLabel,
          clientName: p.clientName ?? '',
          senderName: authorName,
          title: p.title,
          message: input.message,
          link: `${facing.pageUrl}/p/${p.publicToken}`,
        }),
      });
    }
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: personOf(ctx),
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'proposal.message_answered',
      entity: 'proposal',
      entityId: proposalId,
      metadata: { messageId: saved.id, outboxId },
    });
    return saved;
  });
  return toDto(row);
}
