// Asking for, giving and returning an approval (docs/product.md#approvals); the rules the other modules read are
// in approvals.service.ts.
import { MESSAGES } from '@aceite/shared/messages';
import { canRequestApproval, isAwaitingApproval } from '@aceite/shared/proposal-status';
import type {
  ApprovalRequestInput,
  ApprovalReturnInput,
  ProposalApproval,
} from '@aceite/shared/schemas/approvals';
import { assertCanManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalApprovedText, proposalReturnedText } from '@/modules/notifications/notifications.texts.ts';
import {
  selectProposalById,
  selectProposalForUpdate,
  updateProposalById,
} from '@/modules/proposal-projections/proposal.queries.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import { insertApprovalEvent } from './approvals.queries.ts';
import {
  actorName,
  approvalApplies,
  approvalHashOf,
  approveRight,
  audit,
  getProposalApproval,
  isApprovalPending,
  notFound,
  notifyApprovers,
  organizationSettings,
  refusalOf,
} from './approvals.service.ts';

/** 'Pedir aprovação': a draft the policy applies to goes to `in_review`; the approvers are told. */
export async function requestApproval(
  ctx: TenantContext,
  id: string,
  input: { note: string | null } & ApprovalRequestInput,
): Promise<ProposalApproval> {
  const found = await selectProposalById(ctx, id);
  if (!found) throw notFound();
  assertCanManageProposal(ctx, found.proposal.ownerId);
  const settings = await organizationSettings(ctx);
  await withTx(ctx, async (tx) => {
    const p = await selectProposalForUpdate(tx, id);
    if (!p) throw notFound();
    if (!canRequestApproval(p.status)) throw new AppError('CONFLICT', MESSAGES.approvalRequestNotAllowed);
    if (!approvalApplies(settings, p, ctx)) throw new AppError('CONFLICT', MESSAGES.approvalNotNeeded);
    await updateProposalById(tx, id, { status: 'in_review' });
    await insertApprovalEvent(tx, {
      proposalId: id,
      action: 'requested',
      actorId: personOf(ctx),
      note: input.note,
    });
    await audit(tx, 'proposal.approval_requested', id, input.note);
    await notifyApprovers(tx, p, input.note);
    await enqueueProposalEvent(tx.db, ctx.organizationId, id, 'proposal.approval_requested');
  });
  return getProposalApproval(ctx, id);
}

async function answer(
  ctx: TenantContext,
  id: string,
  outcome: { action: 'approved'; comment: null } | { action: 'returned'; comment: string },
): Promise<ProposalApproval> {
  const found = await selectProposalById(ctx, id);
  if (!found) throw notFound();
  const settings = await organizationSettings(ctx);
  const right = await approveRight(ctx, settings, found.proposal.ownerId, id);
  if (right !== 'yes') throw refusalOf(right);
  await withTx(ctx, async (tx) => {
    const p = await selectProposalForUpdate(tx, id);
    if (!p) throw notFound();
    if (!isApprovalPending(p)) throw new AppError('CONFLICT', MESSAGES.approvalNotInReview);
    // Approved: the content locked here, by its hash (issue 34). A sent proposal keeps its status; approving
    // its change lets the client decide again. Returned: a draft goes back to draft; a sent one stays in
    // review until changed and approved.
    const sha256 = await approvalHashOf(p);
    const approved = outcome.action === 'approved';
    await updateProposalById(
      tx,
      id,
      approved
        ? {
            status: isAwaitingApproval(p.status) ? 'approved' : p.status,
            approvedContentSha256: sha256,
            approvalReopenedAt: null,
          }
        : { status: isAwaitingApproval(p.status) ? 'draft' : p.status },
    );
    await insertApprovalEvent(tx, {
      proposalId: id,
      action: outcome.action,
      actorId: personOf(ctx),
      note: outcome.comment,
      contentSha256: approved ? sha256 : null,
    });
    await audit(tx, `proposal.${approved ? 'approve' : 'approval_return'}`, id, outcome.comment);
    const event = approved ? 'proposal.approved' : 'proposal.approval_returned';
    await enqueueProposalEvent(tx.db, ctx.organizationId, id, event);
    if (p.ownerId !== ctx.userId) {
      const facts = { id, title: p.title, approverName: await actorName(tx) };
      const text =
        outcome.action === 'approved'
          ? proposalApprovedText(facts)
          : proposalReturnedText({ ...facts, comment: outcome.comment });
      await notify(tx.db, { organizationId: ctx.organizationId, userId: p.ownerId, ...text });
    }
  });
  return getProposalApproval(ctx, id);
}

/** 'Aprovar': `in_review` → `approved`; the owner is told and may send it. */
export function approveProposal(ctx: TenantContext, id: string): Promise<ProposalApproval> {
  return answer(ctx, id, { action: 'approved', comment: null });
}

/** 'Devolver' with a required comment: `in_review` → `draft`; the comment is shown on the proposal. */
export function returnProposal(
  ctx: TenantContext,
  id: string,
  input: ApprovalReturnInput,
): Promise<ProposalApproval> {
  return answer(ctx, id, { action: 'returned', comment: input.comment.trim() });
}
