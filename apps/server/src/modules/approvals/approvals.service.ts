import {
  type ApprovalSubject,
  approvalParties,
  approvalReasons,
  approvalReasonText,
  needsApproval,
} from '@aceite/shared/approvals';
import { clientTotalRange } from '@aceite/shared/client-choice';
import { approvedContentSha256 } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { canApproveProposal, mayApprove, type Role } from '@aceite/shared/permissions';
import {
  CLIENT_HAS_SEEN_STATUSES,
  canRequestApproval,
  isAwaitingApproval,
  isBeforeSent,
} from '@aceite/shared/proposal-status';
import type { ApprovalEvent, ProposalApproval } from '@aceite/shared/schemas/approvals';
import {
  approvalSelfApproves,
  type StoredOrganizationSettings,
} from '@aceite/shared/schemas/organization-settings';
import type { SQL } from 'drizzle-orm';
import { canManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { personOf, type TenantContext } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { approvalRequestedText } from '@/modules/notifications/notifications.texts.ts';
import {
  type ProposalRow,
  selectOrganizationBranding,
  selectProposalById,
  selectUserFullName,
} from '@/modules/proposal-projections/proposal.queries.ts';
import {
  awaitingApprovalOf,
  insertApprovalEvent,
  selectActiveAdminIds,
  selectActiveMembers,
  selectApprovalEvents,
  selectOwnerTeamManagerIds,
  selectUserRole,
} from './approvals.queries.ts';

/*
 * Approvals (docs/product.md#approvals): the organization's policy (`needsApproval` of @aceite/shared/approvals)
 * blocks sending until a manager of the owner's team or an admin approves; the owner asks, they approve or
 * return with a comment. Every step is a history row, an audit row and a notification, in one transaction.
 */
type Settings = StoredOrganizationSettings | null | undefined;

type PricedProposal = Pick<
  ProposalRow,
  'ownerId' | 'discountType' | 'discountValue' | 'taxRate' | 'content'
> & {
  currency?: string;
};

/** What the shared policy reads of a proposal: its lines (with the client's bounds), discount and IVA. */
function subjectOf(p: PricedProposal): ApprovalSubject {
  return {
    ownerId: p.ownerId,
    discountType: p.discountType,
    discountValue: Number(p.discountValue),
    taxRate: Number(p.taxRate),
    items: p.content?.items ?? [],
  };
}

/** SHA-256 of what an approval covers (issue 34): recorded by the approval, compared on every change. */
export function approvalHashOf(p: PricedProposal): Promise<string> {
  return approvedContentSha256({ ...subjectOf(p), currency: p.currency ?? 'EUR' });
}

/** Approval is pending: in review before sending, or re-opened by a change after sending (issue 34). */
export function isApprovalPending(p: Pick<ProposalRow, 'status' | 'approvalReopenedAt'>): boolean {
  return isAwaitingApproval(p.status) || p.approvalReopenedAt !== null;
}

/**
 * The client decides only on approved content (docs/product.md#approvals, issue 34, H1): while a change to the
 * sent proposal waits for approval, accepting, signing and rejecting answer 409. Called by the public answers
 * before the code is tried and again on the locked row inside the answer's transaction.
 */
export function assertClientMayDecide(p: Pick<ProposalRow, 'approvalReopenedAt'>): void {
  if (p.approvalReopenedAt !== null) throw new AppError('CONFLICT', MESSAGES.proposalInReview);
}

export const notFound = () => new AppError('NOT_FOUND', MESSAGES.proposalNotFound);

export async function organizationSettings(ctx: TenantContext): Promise<Settings> {
  return (await selectOrganizationBranding(ctx))?.settings;
}

/** The policy applied to one proposal, `actor` being who would send it. */
export function approvalApplies(settings: Settings, p: PricedProposal, actor: TenantContext): boolean {
  return needsApproval(settings, subjectOf(p), { userId: actor.userId, role: actor.role });
}

/**
 * Sending (by email or by marking it sent) a proposal not yet with the client: 409 while the policy applies and
 * it is not approved.
 */
export function assertApprovedToSend(
  settings: Settings,
  p: PricedProposal & Pick<ProposalRow, 'status'> & { approvalReopenedAt?: Date | null },
  ctx: TenantContext,
): void {
  if (isBeforeSent(p.status) && p.status !== 'approved' && approvalApplies(settings, p, ctx)) {
    throw new AppError('CONFLICT', MESSAGES.approvalRequired);
  }
  // Sent again while a change waits for approval: the client would only find it in review.
  if (p.approvalReopenedAt) throw new AppError('CONFLICT', MESSAGES.approvalRequired);
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
  return needsApproval(settings, subjectOf(p), { userId: p.ownerId, role: ownerRole });
}

/**
 * An approved (or in-review) proposal whose price, discount or client bounds changed (its approval hash) returns
 * to draft when the policy applies to the new figures (docs/product.md#approvals); a change of wording keeps the
 * approval.
 */
export async function approvalLapses(
  settings: Settings,
  before: PricedProposal & Pick<ProposalRow, 'status'>,
  after: PricedProposal,
  ctx: TenantContext,
): Promise<boolean> {
  if (before.status !== 'approved' && before.status !== 'in_review') return false;
  if ((await approvalHashOf(before)) === (await approvalHashOf(after))) return false;
  return approvalApplies(settings, after, ctx);
}

/** What a save does to the approval of a proposal the client has (issue 34, H1). */
export interface ApprovalAfterEdit {
  /** The new value of `approvalReopenedAt`. */
  reopenedAt: Date | null;
  /** Why approval was (re-)opened, for the history: null when nothing is to be recorded. */
  reopenNote: string | null;
}

/**
 * A change to a proposal the client has (sent, viewed, negotiating) re-opens its approval when it changes what an
 * approval covers (or hands it to an owner the policy applies to) and the policy applies to the result as its
 * owner would send it, unless that exact content was approved before. Approval no longer needed, or the approved
 * content restored: the client may decide again.
 */
export async function approvalAfterClientEdit(
  ctx: TenantContext,
  settings: Settings,
  before: PricedProposal & Pick<ProposalRow, 'status' | 'approvalReopenedAt' | 'approvedContentSha256'>,
  after: PricedProposal,
): Promise<ApprovalAfterEdit> {
  const keep = { reopenedAt: before.approvalReopenedAt, reopenNote: null };
  if (!CLIENT_HAS_SEEN_STATUSES.includes(before.status)) return keep;
  const [hashBefore, hashAfter] = [await approvalHashOf(before), await approvalHashOf(after)];
  const contentChanged = hashBefore !== hashAfter;
  if (!contentChanged && before.ownerId === after.ownerId) return keep;
  const ownerRole = await selectUserRole(ctx, after.ownerId);
  const applies =
    ownerRole !== null &&
    needsApproval(settings, subjectOf(after), { userId: after.ownerId, role: ownerRole });
  if (!applies || before.approvedContentSha256 === hashAfter) return { reopenedAt: null, reopenNote: null };
  if (!contentChanged && before.approvalReopenedAt) return keep;
  const [was, now] = [clientTotalRange(subjectOf(before)).max, clientTotalRange(subjectOf(after)).max];
  const reopenNote = contentChanged
    ? `Alterada depois de enviada ao cliente: o total máximo passou de ${formatMoney(was)} para ${formatMoney(now)}.`
    : 'Entregue a um responsável cujas propostas precisam de aprovação.';
  return { reopenedAt: before.approvalReopenedAt ?? new Date(), reopenNote };
}

/**
 * Records the re-opening inside the save's transaction: a history row (the editor is its requester), an audit
 * row, and the approvers are told as for a request.
 */
export async function recordApprovalReopened(
  tx: TenantContext,
  p: { id: string; title: string; ownerId: string },
  note: string,
): Promise<void> {
  await insertApprovalEvent(tx, { proposalId: p.id, action: 'reopened', actorId: personOf(tx), note });
  await audit(tx, 'proposal.approval_reopened', p.id, note);
  await notifyApprovers(tx, p, note);
}

/**
 * A hand-over while approval is pending (issue 34, M3) is kept on the history: the previous owner stays a party
 * to the request and may not approve it when people do not approve their own.
 */
export async function recordApprovalHandOver(
  tx: TenantContext,
  proposalId: string,
  from: { id: string; firstName: string; lastName: string },
  to: { firstName: string; lastName: string },
): Promise<void> {
  const note = `De ${from.firstName} ${from.lastName} para ${to.firstName} ${to.lastName}.`;
  await insertApprovalEvent(tx, {
    proposalId,
    action: 'handed_over',
    actorId: personOf(tx),
    note,
    previousOwnerId: from.id,
  });
  await audit(tx, 'proposal.approval_handed_over', proposalId, note);
}

/**
 * The form's 'Aprovada' (allowed by `assertMayApproveProposal`) is an approval too: the history records it with the
 * hash of the content approved.
 */
export async function recordFormApproval(
  tx: TenantContext,
  proposalId: string,
  sha256: string,
): Promise<void> {
  await insertApprovalEvent(tx, {
    proposalId,
    action: 'approved',
    actorId: personOf(tx),
    note: null,
    contentSha256: sha256,
  });
  await audit(tx, 'proposal.approve', proposalId, null);
}

/** Records the automatic return to draft, inside the edit's transaction. */
export async function recordApprovalLapsed(tx: TenantContext, proposalId: string): Promise<void> {
  await insertApprovalEvent(tx, { proposalId, action: 'reset', actorId: personOf(tx), note: null });
}

type ApproveRight = 'yes' | 'forbidden' | 'separation';

export async function approveRight(
  ctx: TenantContext,
  settings: Settings,
  ownerId: string,
  proposalId?: string,
): Promise<ApproveRight> {
  if (!mayApprove(ctx)) return 'forbidden';
  const managers = await selectOwnerTeamManagerIds(ctx, ownerId);
  const selfApproves = approvalSelfApproves(settings);
  if (!canApproveProposal(ctx, { ownerId }, managers, selfApproves)) return 'forbidden';
  if (!proposalId || selfApproves) return 'yes';
  const parties = approvalParties(await selectApprovalEvents(ctx, proposalId));
  return canApproveProposal(ctx, { ownerId }, managers, selfApproves, parties) ? 'yes' : 'separation';
}

export function refusalOf(right: ApproveRight): AppError {
  return new AppError(
    'FORBIDDEN',
    right === 'separation' ? MESSAGES.approvalSeparationOfDuties : MESSAGES.approvalForbidden,
  );
}

/**
 * Choosing 'approved' in the form: when the policy applies to the proposal, the same right as 'Aprovar' (403
 * otherwise); when it does not, any manager or admin (checked by the form's own status rule), as before
 * approvals existed.
 */
export async function assertMayApproveProposal(
  ctx: TenantContext,
  settings: Settings,
  priced: PricedProposal,
  proposalId?: string,
): Promise<void> {
  if (!approvalApplies(settings, priced, ctx)) return;
  const right = await approveRight(ctx, settings, priced.ownerId, proposalId);
  if (right !== 'yes') throw refusalOf(right);
}

/** 'Para aprovar' as a list filter (`awaitingMyApproval=true`). */
export async function awaitingMyApprovalFilter(ctx: TenantContext): Promise<SQL | undefined> {
  return awaitingApprovalOf(ctx, approvalSelfApproves(await organizationSettings(ctx)));
}

function toEventDto(r: Awaited<ReturnType<typeof selectApprovalEvents>>[number]): ApprovalEvent {
  return {
    contentSha256: r.contentSha256,
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
  const events = await selectApprovalEvents(ctx, id);
  const history = events.map(toEventDto);
  const last = history.find((e) => e.action !== 'handed_over');
  const pending = isApprovalPending(p);
  const { min, max } = clientTotalRange(subjectOf(p));
  return {
    status: p.status,
    required,
    blocksSending: required && isBeforeSent(p.status) && p.status !== 'approved',
    reopened: p.approvalReopenedAt !== null,
    reopenedAt: p.approvalReopenedAt ? p.approvalReopenedAt.toISOString() : null,
    totalRange: { min, max },
    canRequest: required && canRequestApproval(p.status) && canManageProposal(ctx, p.ownerId),
    canApprove: pending && (await approveRight(ctx, settings, p.ownerId, id)) === 'yes',
    // The comment stays on show while the proposal is back in draft (or still re-opened) after a return.
    lastReturn:
      last?.action === 'returned' && (p.status === 'draft' || p.approvalReopenedAt !== null) ? last : null,
    history,
    reasons: approvalReasons(settings, subjectOf(p)).map((r) => ({ ...r, text: approvalReasonText(r) })),
    approvers: required || pending ? await approversOf(ctx, settings, p.ownerId, id) : [],
  };
}

/**
 * Who may approve the proposal now (issue 37: the message says who will): the organization's active admins and
 * the managers of the owner's team, as `canApproveProposal` (over `mayApprove`) reads each of them.
 */
async function approversOf(
  ctx: TenantContext,
  settings: Settings,
  ownerId: string,
  proposalId: string,
): Promise<{ id: string; name: string }[]> {
  const managers = await selectOwnerTeamManagerIds(ctx, ownerId);
  const selfApproves = approvalSelfApproves(settings);
  const parties = selfApproves ? [] : approvalParties(await selectApprovalEvents(ctx, proposalId));
  const candidates = await selectActiveMembers(ctx, [
    ...new Set([...(await selectActiveAdminIds(ctx)), ...managers]),
  ]);
  return candidates
    .filter((m) =>
      canApproveProposal({ userId: m.id, role: m.role }, { ownerId }, managers, selfApproves, parties),
    )
    .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() }));
}

export async function audit(
  tx: TenantContext,
  action: string,
  id: string,
  note: string | null,
): Promise<void> {
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

export async function actorName(ctx: TenantContext): Promise<string> {
  const me = personOf(ctx);
  return (me && (await selectUserFullName(ctx, me))) || 'Uma chave de API';
}

/**
 * Tells the admins and the managers of the owner's team that approval is asked for; never the one who asked, nor
 * the owner (who approves their own only when the organization lets them skip it, and then never needs to ask).
 */
export async function notifyApprovers(
  tx: TenantContext,
  p: { id: string; title: string; ownerId: string },
  note: string | null,
): Promise<void> {
  const approvers = new Set([
    ...(await selectActiveAdminIds(tx)),
    ...(await selectOwnerTeamManagerIds(tx, p.ownerId)),
  ]);
  approvers.delete(tx.userId);
  approvers.delete(p.ownerId);
  const text = approvalRequestedText({
    id: p.id,
    title: p.title,
    requesterName: await actorName(tx),
    note,
  });
  for (const userId of approvers) await notify(tx.db, { organizationId: tx.organizationId, userId, ...text });
}
