import { needsApproval } from '@aceite/shared/approvals';
import { MESSAGES } from '@aceite/shared/messages';
import { canApproveProposal, type Role } from '@aceite/shared/permissions';
import { canRequestApproval, isAwaitingApproval, isBeforeSent } from '@aceite/shared/proposal-status';
import type {
  ApprovalEvent,
  ApprovalRequestInput,
  ApprovalReturnInput,
  ProposalApproval,
} from '@aceite/shared/schemas/approvals';
import { approvalSelfApproves } from '@aceite/shared/schemas/users';
import type { SQL } from 'drizzle-orm';
import { assertCanManageProposal, canManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import {
  approvalRequestedText,
  proposalApprovedText,
  proposalReturnedText,
} from '@/modules/notifications/notifications.texts.ts';
import {
  awaitingApprovalOf,
  insertApprovalEvent,
  selectActiveAdminIds,
  selectApprovalEvents,
  selectOwnerTeamManagerIds,
} from './approvals.queries.ts';
import {
  type ProposalRow,
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectUserFullName,
  updateProposalById,
} from './proposals.queries.ts';

/*
 * Approvals (docs/product.md#approvals): the organization's policy (`needsApproval` of @aceite/shared/approvals)
 * blocks sending until a manager of the owner's team or an admin approves; the owner asks, they approve or
 * return with a comment. Every step is a history row, an audit row and a notification, in one transaction.
 */

type Settings = Readonly<Record<string, unknown>> | null | undefined;
type PricedProposal = Pick<
  ProposalRow,
  'ownerId' | 'totalValue' | 'subtotal' | 'discountType' | 'discountValue' | 'discountAmount' | 'content'
>;

const notFound = () => new AppError('NOT_FOUND', MESSAGES.proposalNotFound);

export async function organizationSettings(ctx: TenantContext): Promise<Settings> {
  return (await selectOrganizationBranding(ctx))?.settings as Settings;
}

/** The policy applied to one proposal, `actor` being who would send it. */
export function approvalApplies(settings: Settings, p: PricedProposal, actor: TenantContext): boolean {
  return needsApproval(
    settings,
    { ...p, items: p.content?.items ?? [] },
    { userId: actor.userId, role: actor.role },
  );
}

/**
 * Sending (by email or by marking it sent) a proposal not yet with the client: 409 while the policy applies and
 * it is not approved.
 */
export function assertApprovedToSend(
  settings: Settings,
  p: PricedProposal & Pick<ProposalRow, 'status'>,
  ctx: TenantContext,
): void {
  if (isBeforeSent(p.status) && p.status !== 'approved' && approvalApplies(settings, p, ctx)) {
    throw new AppError('CONFLICT', MESSAGES.approvalRequired);
  }
}

/**
 * Sharing the link: outside the organization, the public page of a proposal the policy applies to (as its owner
 * would send it) shows nothing until approved (docs/product.md#approvals).
 */
export function linkAwaitsApproval(
  settings: Settings,
  p: PricedProposal & Pick<ProposalRow, 'status'>,
  ownerRole: Role,
): boolean {
  if (!isBeforeSent(p.status) || p.status === 'approved') return false;
  return needsApproval(
    settings,
    { ...p, items: p.content?.items ?? [] },
    { userId: p.ownerId, role: ownerRole },
  );
}

/**
 * An approved (or in-review) proposal whose price or discount changed returns to draft when the policy applies to
 * the new figures (docs/product.md#approvals); a change of wording keeps the approval.
 */
export function approvalLapses(
  settings: Settings,
  before: PricedProposal & Pick<ProposalRow, 'status'>,
  after: PricedProposal,
  ctx: TenantContext,
): boolean {
  if (before.status !== 'approved' && before.status !== 'in_review') return false;
  const priceOf = (p: PricedProposal) =>
    JSON.stringify([
      p.totalValue,
      p.subtotal,
      p.discountType,
      Number(p.discountValue),
      p.discountAmount,
      (p.content?.items ?? []).map((i) => [i.quantity, i.unitPrice, i.discount ?? 0]),
    ]);
  return priceOf(before) !== priceOf(after) && approvalApplies(settings, after, ctx);
}

/** Records the automatic return to draft, inside the edit's transaction. */
export async function recordApprovalLapsed(tx: TenantContext, proposalId: string): Promise<void> {
  await insertApprovalEvent(tx, { proposalId, action: 'reset', actorId: personOf(tx), note: null });
}

async function mayApprove(ctx: TenantContext, settings: Settings, ownerId: string): Promise<boolean> {
  if (ctx.apiKey) return false;
  const managers = await selectOwnerTeamManagerIds(ctx, ownerId);
  return canApproveProposal(ctx, { ownerId }, managers, approvalSelfApproves(settings));
}

/**
 * Choosing 'approved' in the form: when the policy applies to the proposal, the same right as 'Aprovar'; when it
 * does not, any manager or admin (checked by the form's own status rule), as before approvals existed.
 */
export async function mayApproveProposal(
  ctx: TenantContext,
  settings: Settings,
  priced: PricedProposal,
): Promise<boolean> {
  return !approvalApplies(settings, priced, ctx) || mayApprove(ctx, settings, priced.ownerId);
}

/** 'Para aprovar' as a list filter (`awaitingMyApproval=true`). */
export async function awaitingMyApprovalFilter(ctx: TenantContext): Promise<SQL | undefined> {
  return awaitingApprovalOf(ctx, approvalSelfApproves(await organizationSettings(ctx)));
}

function toEventDto(r: Awaited<ReturnType<typeof selectApprovalEvents>>[number]): ApprovalEvent {
  return {
    id: r.id,
    action: r.action,
    note: r.note,
    actorName: r.firstName ? `${r.firstName} ${r.lastName}` : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function getProposalApproval(ctx: TenantContext, id: string): Promise<ProposalApproval> {
  const found = await selectProposalById(ctx, id);
  if (!found) throw notFound();
  const p = found.proposal;
  const settings = await organizationSettings(ctx);
  const required = approvalApplies(settings, p, ctx);
  const history = (await selectApprovalEvents(ctx, id)).map(toEventDto);
  const last = history[0];
  return {
    status: p.status,
    required,
    blocksSending: required && isBeforeSent(p.status) && p.status !== 'approved',
    canRequest: required && canRequestApproval(p.status) && canManageProposal(ctx, p.ownerId),
    canApprove: isAwaitingApproval(p.status) && (await mayApprove(ctx, settings, p.ownerId)),
    // The comment stays on show while the proposal is back in draft after a return.
    lastReturn: last?.action === 'returned' && p.status === 'draft' ? last : null,
    history,
  };
}

async function audit(tx: TenantContext, action: string, id: string, note: string | null): Promise<void> {
  await recordAudit(tx.db, {
    organizationId: tx.organizationId,
    actorId: personOf(tx),
    impersonatorId: tx.impersonatorId ?? null,
    action,
    entity: 'proposal',
    entityId: id,
    metadata: note ? { note } : {},
  });
}

async function actorName(ctx: TenantContext): Promise<string> {
  const me = personOf(ctx);
  return (me && (await selectUserFullName(ctx, me))) || 'Uma chave de API';
}

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
    const approvers = new Set([
      ...(await selectActiveAdminIds(tx)),
      ...(await selectOwnerTeamManagerIds(tx, p.ownerId)),
    ]);
    approvers.delete(ctx.userId);
    // The owner approves their own only when the organization lets them skip it, and then never needs to ask.
    approvers.delete(p.ownerId);
    const text = approvalRequestedText({
      id,
      title: p.title,
      requesterName: await actorName(tx),
      note: input.note,
    });
    for (const userId of approvers)
      await notify(tx.db, { organizationId: ctx.organizationId, userId, ...text });
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
  if (!(await mayApprove(ctx, settings, found.proposal.ownerId))) {
    throw new AppError('FORBIDDEN', MESSAGES.approvalForbidden);
  }
  await withTx(ctx, async (tx) => {
    const p = await selectProposalForUpdate(tx, id);
    if (!p) throw notFound();
    if (!isAwaitingApproval(p.status)) throw new AppError('CONFLICT', MESSAGES.approvalNotInReview);
    await updateProposalById(tx, id, { status: outcome.action === 'approved' ? 'approved' : 'draft' });
    await insertApprovalEvent(tx, {
      proposalId: id,
      action: outcome.action,
      actorId: personOf(ctx),
      note: outcome.comment,
    });
    await audit(
      tx,
      `proposal.${outcome.action === 'approved' ? 'approve' : 'approval_return'}`,
      id,
      outcome.comment,
    );
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
